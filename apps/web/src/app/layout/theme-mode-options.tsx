import DarkModeIcon from 'plain-icon:DarkMode';
import LightModeIcon from 'plain-icon:LightMode';
import SettingsBrightnessIcon from 'plain-icon:SettingsBrightness';
import type { ReactElement } from 'react';
import { messages } from '../messages';

import type { ThemeMode } from '../../theme/color-scheme';

export type { ThemeMode };

export const themeModeOptions: { mode: ThemeMode; label: string; icon: ReactElement }[] = [
  { mode: 'dark', label: messages.theme.dark, icon: <DarkModeIcon fontSize="small" /> },
  { mode: 'light', label: messages.theme.light, icon: <LightModeIcon fontSize="small" /> },
  { mode: 'system', label: messages.theme.system, icon: <SettingsBrightnessIcon fontSize="small" /> },
];
