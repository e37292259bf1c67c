import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { persianBytes, persianPercent } from './format';
import { mediaMessages as m } from './messages';
import type { UploadState } from './use-tus-upload';

/** A tus upload's bar: percent in Persian digits, speed, pause/resume/cancel, and the server's refusal. */
export function UploadProgress({ state, onPause, onResume, onCancel, testId = 'admin-upload-progress' }: { state: UploadState; onPause: () => void; onResume: () => void; onCancel: () => void; testId?: string }) {
  if (state.phase === 'idle') return null;
  const percent = persianPercent(state.sent, state.total);
  const value = state.total > 0 ? Math.min(100, (state.sent * 100) / state.total) : 0;
  const speed = state.phase === 'uploading' && state.bytesPerSecond > 0 ? m.perSecond(persianBytes(state.bytesPerSecond)) : null;
  const label =
    state.phase === 'checking' ? m.checking : state.phase === 'paused' ? m.paused : state.phase === 'done' ? m.uploaded : state.phase === 'error' ? m.uploadFailed : m.uploading;
  return (
    <Box data-testid={testId} data-phase={state.phase} sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', fontSize: '0.85rem' }}>
        <Typography component="span" sx={{ fontSize: 'inherit', fontWeight: 600 }} dir="auto">
          {state.fileName}
        </Typography>
        <Typography component="span" sx={{ fontSize: 'inherit' }} color="text.secondary">
          {label} — {persianBytes(state.sent)} از {persianBytes(state.total)}
        </Typography>
      </Box>
      <LinearProgress
        variant={state.phase === 'checking' ? 'indeterminate' : 'determinate'}
        value={value}
        color={state.phase === 'error' ? 'error' : state.phase === 'done' ? 'success' : 'primary'}
        aria-label={`${label} ${state.fileName ?? ''}`}
        aria-valuetext={percent}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography aria-live="polite" data-testid={`${testId}-text`} sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {m.progress(percent, speed)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          {state.phase === 'uploading' && (
            <Button size="small" variant="outlined" color="inherit" onClick={onPause}>
              {m.pause}
            </Button>
          )}
          {(state.phase === 'paused' || (state.phase === 'error' && state.resumable)) && (
            <Button size="small" variant="contained" onClick={onResume}>
              {m.resume}
            </Button>
          )}
          {(state.phase === 'uploading' || state.phase === 'paused' || state.phase === 'error') && (
            <Button size="small" color="inherit" onClick={onCancel}>
              {m.cancel}
            </Button>
          )}
        </Box>
      </Box>
      {state.phase === 'error' && state.error && (
        <Alert severity="error" role="alert">
          {state.error}
        </Alert>
      )}
    </Box>
  );
}
