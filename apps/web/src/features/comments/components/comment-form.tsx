import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { toPersianDigits } from '@parde/persian';
import { useRef, useState } from 'react';
import { solidAccent } from '../../../components/accent';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { COMMENT_LIMITS, commentLength, serverCommentError, validateCommentBody } from '../lib/validate-comment';
import { memberMessages as messages } from '../member-messages';
import { withMui } from '../../../components/mui-scope';

const f = messages.form;

export type CommentFormValues = { body: string; spoiler: boolean };

type Props = {
  /** The text box's visible label. */
  label: string;
  placeholder?: string;
  submitLabel: string;
  initial?: CommentFormValues;
  pending: boolean;
  /** Sends the trimmed values; a rejection is shown here (a 422 under the text box). */
  onSubmit: (values: CommentFormValues) => Promise<unknown>;
  /** Replies and edits can be abandoned; the new-comment form cannot. */
  onCancel?: () => void;
  autoFocus?: boolean;
  testId?: string;
};

/**
 * Writing a comment, a reply or an edit: a text box with a live count against the server's
 * limit, the spoiler box, and the problems in Persian under the text (ours before sending, the
 * server's 422 after). Other failures show above the buttons. Escape cancels a reply or edit.
 */
function CommentForm({ label, placeholder, submitLabel, initial, pending, onSubmit, onCancel, autoFocus, testId = 'comment-form' }: Props) {
  const [values, setValues] = useState<CommentFormValues>(initial ?? { body: '', spoiler: false });
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const length = commentLength(values.body);
  const over = length > COMMENT_LIMITS.max;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const local = validateCommentBody(values.body);
    setError(local);
    if (local) {
      textRef.current?.focus();
      return;
    }
    try {
      await onSubmit({ body: values.body.trim(), spoiler: values.spoiler });
      if (!initial) setValues({ body: '', spoiler: false });
    } catch (failure) {
      const field = getErrorStatus(failure) === 422 ? serverCommentError((failure as { response?: { data?: unknown } }).response?.data) : null;
      if (field) {
        setError(field);
        textRef.current?.focus();
      } else {
        setFormError(getErrorMessage(failure));
      }
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) {
          e.stopPropagation();
          onCancel();
        }
      }}
      data-testid={testId}
      sx={{ display: 'grid', gap: 0.5 }}
    >
      <TextField
        label={label}
        placeholder={placeholder}
        value={values.body}
        onChange={(e) => {
          setValues((v) => ({ ...v, body: e.target.value }));
          if (error) setError(null);
        }}
        multiline
        minRows={3}
        maxRows={14}
        fullWidth
        autoFocus={autoFocus}
        inputRef={textRef}
        error={Boolean(error) || over}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Box component="span" data-testid="comment-body-error">
              {error ?? ''}
            </Box>
            <Box component="span" data-testid="comment-counter" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
              {f.counter(toPersianDigits(length), toPersianDigits(COMMENT_LIMITS.max))}
            </Box>
          </Box>
        }
        slotProps={{
          htmlInput: { dir: 'auto', 'data-testid': 'comment-body', 'aria-required': true },
          formHelperText: { component: 'div', 'data-testid': 'comment-body-help' } as object,
        }}
      />
      <FormControlLabel
        control={<Checkbox checked={values.spoiler} onChange={(e) => setValues((v) => ({ ...v, spoiler: e.target.checked }))} slotProps={{ input: { 'data-testid': 'comment-spoiler' } as object }} />}
        label={f.spoiler}
        sx={{ justifySelf: 'start', mt: -0.5 }}
      />
      {formError && (
        <Alert severity="error" role="alert" data-testid="comment-form-error">
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={pending} data-testid="comment-submit" sx={{ ...solidAccent, fontWeight: 700, px: 3 }}>
          {pending ? f.sending : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outlined" color="inherit" onClick={onCancel} data-testid="comment-cancel">
            {f.cancel}
          </Button>
        )}
      </Box>
    </Box>
  );
}

export default withMui(CommentForm);
