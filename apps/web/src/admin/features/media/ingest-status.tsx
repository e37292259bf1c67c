import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AdminIngest } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { mediaMessages as m } from './messages';

/** The reason a job failed: its Persian first line, the tool's own words folded away. */
export function FailureReason({ error }: { error: string }) {
  const [first, ...rest] = error.split('\n');
  return (
    <>
      <span>{first}</span>
      {rest.length > 0 && (
        <Box component="details" sx={{ mt: 0.5 }}>
          <summary>جزئیات</summary>
          <Box component="pre" dir="ltr" sx={{ m: 0, mt: 0.5, fontSize: '0.75rem', whiteSpace: 'pre-wrap', textAlign: 'left' }}>
            {rest.join('\n')}
          </Box>
        </Box>
      )}
    </>
  );
}

/** One packaging job, live: its state (also as `data-status`), percent and, when it failed, why. */
export function IngestStatus({ job, episodeLabel }: { job: AdminIngest; episodeLabel: string | null }) {
  const label = m.ingestStatus[job.status] ?? job.status;
  const percent = `${toPersianDigits(job.progress)}٪`;
  return (
    <Box data-testid="admin-ingest-status" data-status={job.status} data-ingest-id={job.id} sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>
          {m.ingest}
          {episodeLabel ? ` — ${episodeLabel}` : ''}
        </Typography>
        <Typography aria-live="polite" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {label}
          {job.status === 'running' || job.status === 'queued' ? ` — ${percent}` : ''}
        </Typography>
      </Box>
      {job.fileName && (
        <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }} dir="auto">
          {job.fileName}
        </Typography>
      )}
      {(job.status === 'queued' || job.status === 'running') && (
        <LinearProgress variant={job.status === 'queued' ? 'indeterminate' : 'determinate'} value={job.progress} aria-label={`${m.ingest}: ${label}`} aria-valuetext={percent} sx={{ height: 8, borderRadius: 4 }} />
      )}
      {job.status === 'done' && <Alert severity="success">{m.ingestDone}</Alert>}
      {job.status === 'failed' && job.error && (
        <Alert severity="error">
          <FailureReason error={job.error} />
        </Alert>
      )}
    </Box>
  );
}
