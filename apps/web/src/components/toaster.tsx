import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useNoticeStore } from '../lib/notifications';
import { mobileMedia } from '../theme/media';
import { withMui } from './mui-scope';

// MUI's filled success and info (#388e3c, #0288d1) give white text about 4:1, under AA; these
// shades give 6.5:1 and more, in both themes.
const filled = {
  '&.MuiAlert-colorSuccess': { bgcolor: '#1b5e20', color: '#fff' },
  '&.MuiAlert-colorInfo': { bgcolor: '#01579b', color: '#fff' },
  '&.MuiAlert-colorError': { bgcolor: '#b71c1c', color: '#fff' },
} as const;

/**
 * Shows the one notice raised through `lib/notifications` (errors of writes, mostly). On a phone
 * it stands `aboveBottomBar` pixels higher: the site's bottom bar (the admin panel has none).
 */
function Toaster({ aboveBottomBar = 0 }: { aboveBottomBar?: number }) {
  const current = useNoticeStore((s) => s.current);
  const dismiss = useNoticeStore((s) => s.dismiss);
  return (
    <Snackbar
      key={current?.id}
      open={Boolean(current)}
      autoHideDuration={6000}
      onClose={(_e, reason) => reason !== 'clickaway' && dismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ [mobileMedia]: { bottom: aboveBottomBar + 16 } }}
    >
      <Alert onClose={dismiss} severity={current?.severity ?? 'info'} variant="filled" sx={{ width: '100%', ...filled }}>
        {current?.message}
      </Alert>
    </Snackbar>
  );
}

export default withMui(Toaster);
