import type { Comment, TopComment } from '@parde/contract';
import { flattenThreads, type CommentPages } from './comment-pages';

export { flattenThreads, threadCount, type CommentPage, type CommentPages } from './comment-pages';

const withTotal = (data: CommentPages, delta: number): CommentPages => ({
  ...data,
  pages: data.pages.map((p) => ({ ...p, meta: { ...p.meta, total: Math.max(0, p.meta.total + delta) } })),
});

/** Applies `change` to the comment with this id, a thread or a reply, wherever it is. */
export function updateComment(data: CommentPages, id: number, change: (c: Comment) => Comment): CommentPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((thread) => {
        if (thread.id === id) return { ...thread, ...change(thread), replies: thread.replies, replyCount: thread.replyCount };
        if (!thread.replies.some((r) => r.id === id)) return thread;
        return { ...thread, replies: thread.replies.map((r) => (r.id === id ? change(r) : r)) };
      }),
    })),
  };
}

/** The comment with this id, a thread or a reply, as loaded. */
export function findComment(data: CommentPages | undefined, id: number): Comment | undefined {
  for (const thread of flattenThreads(data)) {
    if (thread.id === id) return thread;
    const reply = thread.replies.find((r) => r.id === id);
    if (reply) return reply;
  }
  return undefined;
}

/**
 * A comment the member just posted. A new thread goes first, where they look for it, until the
 * list is next fetched in the server's order; a reply goes last in its thread (oldest first).
 */
export function addComment(data: CommentPages, comment: Comment): CommentPages {
  if (comment.parentId === null) {
    const thread: TopComment = { ...comment, replies: [], replyCount: 0 };
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return withTotal({ ...data, pages: [{ ...first, data: [thread, ...first.data] }, ...rest] }, 1);
  }
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((thread) =>
        thread.id === comment.parentId && !thread.replies.some((r) => r.id === comment.id)
          ? { ...thread, replies: [...thread.replies, comment], replyCount: thread.replyCount + 1 }
          : thread,
      ),
    })),
  };
}

/** A deleted comment: a thread goes with its replies; a reply leaves its thread. */
export function removeComment(data: CommentPages, id: number): CommentPages {
  const isThread = data.pages.some((p) => p.data.some((t) => t.id === id));
  const pages = data.pages.map((page) => ({
    ...page,
    data: page.data
      .filter((t) => t.id !== id)
      .map((t) => (t.replies.some((r) => r.id === id) ? { ...t, replies: t.replies.filter((r) => r.id !== id), replyCount: Math.max(0, t.replyCount - 1) } : t)),
  }));
  return isThread ? withTotal({ ...data, pages }, -1) : { ...data, pages };
}

/** The member's liked ids with this one switched on or off. */
export function setLiked(ids: readonly number[], id: number, liked: boolean): number[] {
  const rest = ids.filter((x) => x !== id);
  return liked ? [...rest, id] : rest;
}
