import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { getErrorMessage, getErrorStatus } from '../lib/errors';
import { messages } from './messages';
import { StatusPage } from './status-page';
import { solidAccent } from './accent';

/** True for the API's 404 `{message, code}`. */
export const isNotFound = (error: unknown) => getErrorStatus(error) === 404;

/**
 * A screen whose main query failed: the not-found page with the server's Persian sentence for
 * a 404, else the error page with a retry.
 */
export function QueryErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotFound(error)) {
    return <StatusPage code={messages.notFoundCode} title={messages.notFoundTitle} body={getErrorMessage(error) || messages.notFoundFallback} />;
  }
  return (
    <StatusPage
      title={messages.errorTitle}
      body={getErrorMessage(error)}
      actions={
        <Button variant="contained" onClick={onRetry} sx={solidAccent}>
          {messages.retry}
        </Button>
      }
    />
  );
}

/**
 * A part of a page that failed to load: a line with a retry, the rest of the page stays.
 * A plain box rather than MUI's Alert keeps the home page's first load lighter.
 */
export function InlineError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Box
      role="alert"
      data-testid="inline-error"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', px: 2, py: 1.5, borderRadius: 1, border: 1, borderColor: 'error.main' }}
    >
      <ErrorOutlineIcon aria-hidden="true" sx={{ color: 'error.main' }} />
      <Box component="span" sx={{ flex: 1, minWidth: 200 }}>
        {getErrorMessage(error)}
      </Box>
      <Button color="inherit" size="small" variant="outlined" onClick={onRetry}>
        {messages.retry}
      </Button>
    </Box>
  );
}
