import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { DEFAULT_ERROR_MESSAGE } from '../../../lib/persian';
import { messages } from '../messages';

const g = messages.gift;

/** A gift code as it is typed: Latin letters, left to right, easy to read off, with a copy button. */
export function GiftCode({ code, size = 'medium' }: { code: string; size?: 'medium' | 'large' }) {
  const copy = () => {
    if (!navigator.clipboard) return notifyError(DEFAULT_ERROR_MESSAGE);
    navigator.clipboard.writeText(code).then(
      () => notifySuccess(g.copied),
      () => notifyError(DEFAULT_ERROR_MESSAGE),
    );
  };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <Box
        component="code"
        dir="ltr"
        data-testid="gift-code"
        sx={{
          fontFamily: 'Rubik, monospace',
          fontWeight: 700,
          letterSpacing: '0.08em',
          fontSize: size === 'large' ? { xs: '1.15rem', sm: '1.4rem' } : '1rem',
          px: 1,
          py: 0.25,
          borderRadius: 1,
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'secondary.main',
          overflowWrap: 'anywhere',
        }}
      >
        {code}
      </Box>
      <Tooltip title={g.copy}>
        <IconButton onClick={copy} aria-label={g.copyLabel(code)} size="small" data-testid="copy-gift-code">
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
