import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router';
import { messages } from '../messages';

/** Spec §2, §4: a bar across the top while a navigation (and its lazy screen) loads. */
export function NavigationProgress({ force = false }: { force?: boolean }) {
  const navigation = useNavigation();
  if (!force && navigation.state === 'idle') return null;
  return (
    <LinearProgress
      color="secondary"
      aria-label={messages.loading}
      data-testid="navigation-progress"
      sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: (t) => t.zIndex.appBar + 1, height: 3 }}
    />
  );
}
