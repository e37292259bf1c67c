import { formatNumber } from '@parde/persian';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/**
 * The button under a list its page carries only the start of (a long season's episodes, a busy
 * person's titles): the first press lets the query run (`onAsk`), the next ones bring the next
 * page, and after a failed first page the same press tries it again; a failure says so in Persian
 * above it. Nothing shows once no item is `left`.
 */
export function MoreButton({
  query,
  asked,
  onAsk,
  left,
  text,
  testId,
  className,
  noteClassName,
}: {
  query: UseInfiniteQueryResult<InfiniteData<unknown>>;
  asked: boolean;
  onAsk: () => void;
  left: number;
  text: { more: (left: string) => string; loading: string; failed: string };
  testId: string;
  className: string;
  noteClassName: string;
}) {
  const busy = query.isFetching;
  return (
    <>
      {query.isError && (
        <p role="alert" className={`p-muted ${noteClassName}`}>
          {text.failed}
        </p>
      )}
      {left > 0 && (
        <button
          type="button"
          onClick={() => (!asked ? onAsk() : query.isError && !query.data ? void query.refetch() : void query.fetchNextPage())}
          disabled={busy}
          data-testid={testId}
          className={`p-btn p-btn--outlined p-btn--inherit p-btn--current ${className}`}
        >
          {busy ? text.loading : text.more(formatNumber(left, 0))}
        </button>
      )}
    </>
  );
}
