import type { Comment, TopComment } from '@parde/contract';
import { describe, expect, it } from 'vitest';
import { addComment, type CommentPages, findComment, flattenThreads, removeComment, setLiked, threadCount, updateComment } from './comment-cache';

const c = (id: number, parentId: number | null = null, extra: Partial<Comment> = {}): Comment => ({
  id,
  titleId: 7,
  parentId,
  body: `دیدگاه ${id}`,
  spoiler: false,
  likes: 0,
  author: { id: 1, name: 'سارا' },
  createdAt: '2026-11-23T11:00:00.000Z',
  editedAt: null,
  ...extra,
});
const thread = (id: number, replies: Comment[] = []): TopComment => ({ ...c(id), replies, replyCount: replies.length });
const pages = (...lists: TopComment[][]): CommentPages => ({
  pages: lists.map((data, i) => ({ data, meta: { currentPage: i + 1, lastPage: lists.length, perPage: 2, total: 5 } })),
  pageParams: lists.map((_, i) => i + 1),
});

describe('the loaded comment pages', () => {
  it('flatten in order without the thread an insert pushed onto the next page twice', () => {
    const data = pages([thread(9), thread(8)], [thread(8), thread(7)]);
    expect(flattenThreads(data).map((t) => t.id)).toEqual([9, 8, 7]);
    expect(flattenThreads(undefined)).toEqual([]);
    expect(threadCount(data)).toBe(5);
    expect(threadCount(undefined)).toBe(0);
  });

  it('take a new thread first and count it; a reply last in its thread', () => {
    let data = pages([thread(9, [c(91, 9)]), thread(8)], [thread(7)]);
    data = addComment(data, c(10));
    expect(flattenThreads(data).map((t) => t.id)).toEqual([10, 9, 8, 7]);
    expect(data.pages.map((p) => p.meta.total)).toEqual([6, 6]);
    data = addComment(data, c(92, 9));
    const t9 = flattenThreads(data).find((t) => t.id === 9)!;
    expect(t9.replies.map((r) => r.id)).toEqual([91, 92]);
    expect(t9.replyCount).toBe(2);
    // The same reply again (a retried answer) is not added twice.
    expect(flattenThreads(addComment(data, c(92, 9))).find((t) => t.id === 9)!.replyCount).toBe(2);
    expect(threadCount(data)).toBe(6);
  });

  it('change a thread or a reply in place, keeping a thread’s replies', () => {
    let data = pages([thread(9, [c(91, 9)])]);
    data = updateComment(data, 9, (x) => ({ ...x, body: 'تازه', editedAt: '2026-11-24T00:00:00.000Z' }));
    data = updateComment(data, 91, (x) => ({ ...x, likes: 3 }));
    expect(findComment(data, 9)).toMatchObject({ body: 'تازه', editedAt: '2026-11-24T00:00:00.000Z', replyCount: 1 });
    expect(findComment(data, 91)?.likes).toBe(3);
    expect(findComment(data, 1)).toBeUndefined();
  });

  it('lose a deleted thread with its replies (one fewer), or a deleted reply', () => {
    let data = pages([thread(9, [c(91, 9), c(92, 9)]), thread(8)]);
    data = removeComment(data, 92);
    expect(findComment(data, 9)).toMatchObject({ replyCount: 1 });
    expect(threadCount(data)).toBe(5);
    data = removeComment(data, 9);
    expect(flattenThreads(data).map((t) => t.id)).toEqual([8]);
    expect(findComment(data, 91)).toBeUndefined();
    expect(threadCount(data)).toBe(4);
  });

  it('switch a liked id on and off once', () => {
    expect(setLiked([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(setLiked([1, 2, 3], 3, true)).toEqual([1, 2, 3]);
    expect(setLiked([1, 2, 3], 2, false)).toEqual([1, 3]);
  });
});
