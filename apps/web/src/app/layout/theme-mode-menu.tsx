import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { themeModeOptions, type ThemeMode } from './theme-mode-options';
import { withMui } from '../mui-scope';

type Props = {
  id: string;
  anchor: HTMLElement | null;
  current: ThemeMode;
  onClose: () => void;
  onSelect: (mode: ThemeMode) => void;
};

function ThemeModeMenu({ id, anchor, current, onClose, onSelect }: Props) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {themeModeOptions.map((o) => (
        <MenuItem
          key={o.mode}
          role="menuitemradio"
          aria-checked={o.mode === current}
          selected={o.mode === current}
          onClick={() => onSelect(o.mode)}
        >
          <ListItemIcon>{o.icon}</ListItemIcon>
          <ListItemText>{o.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

export default withMui(ThemeModeMenu);
