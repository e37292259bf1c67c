import { commentInput, commentUpdateInput } from '@parde/contract';
import { describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, commentLength, serverCommentError, validateCommentBody } from './validate-comment';

describe('comment body rules', () => {
  it('are the contract’s limits (the server checks the same)', () => {
    expect(commentInput.shape.body.minLength).toBe(COMMENT_LIMITS.min);
    expect(commentInput.shape.body.maxLength).toBe(COMMENT_LIMITS.max);
    expect(commentUpdateInput.parse({ body: 'ab' }).body).toBe('ab');
  });

  it('counts what the server counts: the trimmed text', () => {
    expect(commentLength('  سلام  \n')).toBe(4);
  });

  it('answers in Persian, with Persian digits, in the server’s own sentences', () => {
    expect(validateCommentBody('   ')).toBe('متن دیدگاه را وارد کنید.');
    expect(validateCommentBody(' ب ')).toBe('دست‌کم ۲ نویسه وارد کنید.');
    expect(validateCommentBody('خوب')).toBeNull();
    expect(validateCommentBody('ا'.repeat(2000))).toBeNull();
    expect(validateCommentBody('ا'.repeat(2001))).toBe('حداکثر ۲۰۰۰ نویسه مجاز است.');
  });

  it('agrees with the contract at the edges', () => {
    for (const body of ['', ' ', 'a', ' ab ', 'x'.repeat(2000), ` ${'x'.repeat(2000)} `, 'x'.repeat(2001)]) {
      const server = commentInput.safeParse({ title_id: 1, body }).success;
      expect(validateCommentBody(body) === null, JSON.stringify(body.slice(0, 5))).toBe(server);
    }
  });
});

describe('the server’s 422 for a comment', () => {
  it('takes the body’s sentence first, then the reply’s parent', () => {
    expect(serverCommentError({ message: 'x', errors: { body: ['متن کوتاه است.'], parent_id: ['پیدا نشد.'] } })).toBe('متن کوتاه است.');
    expect(serverCommentError({ message: 'x', errors: { parent_id: ['دیدگاهی که به آن پاسخ می‌دهید پیدا نشد.'] } })).toBe('دیدگاهی که به آن پاسخ می‌دهید پیدا نشد.');
  });

  it('is null for anything else', () => {
    expect(serverCommentError(undefined)).toBeNull();
    expect(serverCommentError({ message: 'x' })).toBeNull();
    expect(serverCommentError({ errors: { other: ['x'] } })).toBeNull();
    expect(serverCommentError({ errors: { body: 'not a list' } })).toBeNull();
  });
});
