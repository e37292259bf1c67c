import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { solidAccent } from '../../../components/accent';
import { getErrorStatus } from '../../../lib/errors';
import { REPORT_REASON_MAX, useReportComment } from '../api/report-comment';
import { memberMessages as messages } from '../member-messages';
import { withMui } from '../../../components/mui-scope';

const m = messages.report;
type Reason = keyof typeof m.reasons;
const REASONS = Object.keys(m.reasons) as Reason[];
const DETAILS_MAX = 300;

/** The reason as the operators read it: the chosen sentence, then the member's own words. */
export function reportReason(reason: Reason, details: string): string {
  const extra = details.trim();
  return (extra ? `${m.reasons[reason]}: ${extra}` : m.reasons[reason]).slice(0, REPORT_REASON_MAX);
}

/** Why a comment is reported: one of four reasons and, if wanted, a few words. */
function ReportCommentDialog({ commentId, onClose }: { commentId: number; onClose: () => void }) {
  const report = useReportComment();
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  const labelId = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    report.mutate(
      { id: commentId, reason: reportReason(reason, details) },
      {
        onSuccess: onClose,
        // Reported before: nothing more to do here (the server's sentence says so).
        onError: (error) => getErrorStatus(error) === 409 && onClose(),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={report.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      data-testid="report-comment-dialog"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>{m.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{m.intro}</DialogContentText>
        <FormControl error={missing} component="fieldset" sx={{ display: 'block' }}>
          <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
            {m.reasonsLabel}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name="reason"
            value={reason ?? ''}
            onChange={(e) => {
              setReason(e.target.value as Reason);
              setMissing(false);
            }}
          >
            {REASONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={m.reasons[r]} data-testid={`report-reason-${r}`} />
            ))}
          </RadioGroup>
          {missing && <FormHelperText data-testid="report-reason-error">{m.chooseReason}</FormHelperText>}
        </FormControl>
        <TextField
          label={m.details}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: DETAILS_MAX, dir: 'auto', 'data-testid': 'report-details' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} color="inherit" variant="outlined" disabled={report.isPending}>
          {m.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={report.isPending} sx={solidAccent} data-testid="confirm-report">
          {m.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default withMui(ReportCommentDialog);
