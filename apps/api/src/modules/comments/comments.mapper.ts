import type { Comment } from '@parde/contract';
import { iso, isoOrNull } from '../../db/executor';
import type { CommentRow } from './comments.repository';

/** Bodies leave exactly as written: plain text the web app shows as text. */
export function toComment(r: CommentRow): Comment {
  return {
    id: r.id,
    titleId: r.title_id,
    parentId: r.parent_id,
    body: r.body,
    spoiler: r.spoiler,
    likes: r.likes,
    author: { id: r.user_id, name: r.author_name },
    createdAt: iso(r.created_at),
    editedAt: isoOrNull(r.edited_at),
  };
}
