import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Comment } from '@parde/contract';
import { useId, useState } from 'react';
import { messages } from '../messages';

const m = messages.item;

/** Written text as text: React escapes it, line breaks kept, each paragraph in its own direction. */
function Text({ body, id, hidden }: { body: string; id?: string; hidden?: boolean }) {
  return (
    <Box id={id} hidden={hidden} dir="auto" data-testid="comment-text" sx={{ mt: 0.75, whiteSpace: 'pre-line', lineHeight: 1.9, overflowWrap: 'anywhere', textAlign: 'start' }}>
      {body}
    </Box>
  );
}

/**
 * A comment's words. A spoiler stays behind a warning until the reader asks (and can be hidden
 * again); the button says whether the text is shown and which text it controls.
 */
export function CommentBody({ comment }: { comment: Pick<Comment, 'body' | 'spoiler'> }) {
  const [revealed, setRevealed] = useState(false);
  const bodyId = useId();
  if (!comment.spoiler) return <Text body={comment.body} />;
  return (
    <>
      <Box data-testid="comment-spoiler-note" sx={{ mt: 0.75, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', color: 'text.secondary' }}>
        <WarningIcon aria-hidden="true" fontSize="small" sx={{ color: 'warning.light' }} />
        <span>{m.spoiler}</span>
        <Button
          size="small"
          color="inherit"
          aria-expanded={revealed}
          aria-controls={bodyId}
          onClick={() => setRevealed((r) => !r)}
          startIcon={revealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
          data-testid="spoiler-toggle"
          sx={{ color: 'text.primary', textDecoration: 'underline', textUnderlineOffset: 4 }}
        >
          {revealed ? m.hideSpoiler : m.showSpoiler}
        </Button>
      </Box>
      <Text body={comment.body} id={bodyId} hidden={!revealed} />
    </>
  );
}
