import type { Comment } from '@parde/contract';
import VisibilityOffIcon from 'plain-icon:VisibilityOffOutlined';
import VisibilityIcon from 'plain-icon:VisibilityOutlined';
import WarningIcon from 'plain-icon:WarningAmberOutlined';
import { useId, useState } from 'react';
import { messages } from '../messages';

const m = messages.item;

/** Written text as text: React escapes it, line breaks kept, each paragraph in its own direction. */
function Text({ body, id, hidden }: { body: string; id?: string; hidden?: boolean }) {
  return (
    <div id={id} hidden={hidden} dir="auto" data-testid="comment-text" className="p-comment__text">
      {body}
    </div>
  );
}

/**
 * A comment's words. A spoiler stays behind a warning until the reader asks (and can be hidden
 * again); the button says whether the text is shown and which text it controls. Styled by
 * theme/title.css.
 */
export function CommentBody({ comment }: { comment: Pick<Comment, 'body' | 'spoiler'> }) {
  const [revealed, setRevealed] = useState(false);
  const bodyId = useId();
  if (!comment.spoiler) return <Text body={comment.body} />;
  return (
    <>
      <div data-testid="comment-spoiler-note" className="p-muted p-comment__spoiler">
        <WarningIcon aria-hidden="true" fontSize="small" className="p-comment__warning" />
        <span>{m.spoiler}</span>
        <button
          type="button"
          tabIndex={0}
          aria-expanded={revealed}
          aria-controls={bodyId}
          onClick={() => setRevealed((r) => !r)}
          data-testid="spoiler-toggle"
          className="p-btn p-btn--small p-btn--inherit p-comment__reveal"
        >
          {revealed ? <VisibilityOffIcon className="p-comment__action-icon" /> : <VisibilityIcon className="p-comment__action-icon" />}
          {revealed ? m.hideSpoiler : m.showSpoiler}
        </button>
      </div>
      <Text body={comment.body} id={bodyId} hidden={!revealed} />
    </>
  );
}
