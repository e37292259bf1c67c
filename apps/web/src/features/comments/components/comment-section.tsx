import { formatNumber } from '@parde/persian';
import LoginIcon from 'plain-icon:Login';
import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { InlineError } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { lazyComponent } from '../../../lib/lazy-route';
import { useComments } from '../api/get-comments';
import { flattenThreads, threadCount } from '../lib/comment-pages';
import { messages } from '../messages';
import { CommentFormPlaceholder, type CommentViewer } from './comment-frame';
import { loadMemberParts } from './comment-item';
import { CommentThread } from './comment-thread';

/** Only a member writes: the form comes with the member's chunk (comment-item.tsx). */
const NewCommentForm = lazyComponent(async () => ({ default: (await loadMemberParts()).NewCommentForm }));

/** The anchor of the section: the login link comes back here. */
export const COMMENTS_ANCHOR = 'comments';

const noSubscription = () => () => {};
/** False on the server and while the browser takes its markup over, true from then on. */
function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

type Props = {
  titleId: number;
  /** The signed-in member, or null for a visitor. */
  viewer: CommentViewer | null;
  /** Where a visitor signs in, carrying this page (and the anchor) to come back to. */
  loginHref: string;
};

/**
 * The title page's comments: the member's form (a visitor's sign-in link instead), then the
 * threads most liked first, page by page. Plain elements styled by theme/title.css; a member's
 * form and actions load on their own (comment-item.tsx), a visitor never loads them.
 */
export function CommentSection({ titleId, viewer, loginHref }: Props) {
  const list = useComments(titleId);
  const threads = flattenThreads(list.data);
  const listRef = useRef<HTMLDivElement | null>(null);
  const sectionRef = useRef<HTMLDivElement | null>(null);
  const { hash } = useLocation();
  const scrolled = useRef(false);
  const total = threadCount(list.data);

  // Back from the login page (…#comments): bring the section into view once it has its height.
  useEffect(() => {
    if (scrolled.current || list.isPending || hash !== `#${COMMENTS_ANCHOR}`) return;
    scrolled.current = true;
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash, list.isPending]);

  const focusList = () => listRef.current?.focus();
  // The form is drawn by the browser only: the server's page (a visitor's) and the first render
  // of the browser agree on its placeholder.
  const mounted = useMounted();

  return (
    // One readable column: lines of comments stay short on wide screens.
    <div id={COMMENTS_ANCHOR} ref={sectionRef} className="p-comments">
      <Section
        title={messages.heading}
        testId="comments"
        action={
          total > 0 ? (
            <span data-testid="comments-count" className="p-muted p-comments__count">
              {messages.count(formatNumber(total, 0))}
            </span>
          ) : undefined
        }
      >
        <div className="p-comments__top">
          {viewer ? (
            mounted ? (
              <Suspense fallback={<CommentFormPlaceholder />}>
                <NewCommentForm titleId={titleId} />
              </Suspense>
            ) : (
              <CommentFormPlaceholder />
            )
          ) : (
            <div data-testid="comments-visitor" className="p-comments__visitor">
              <p className="p-muted p-comments__visitor-text">{messages.visitor.text}</p>
              <RouterLink to={loginHref} tabIndex={0} data-testid="comments-login" className="p-btn p-btn--outlined p-btn--inherit p-btn--current p-comments__login">
                <LoginIcon className="p-start-icon p-flip" />
                {messages.visitor.link}
              </RouterLink>
            </div>
          )}
        </div>

        <div ref={listRef} tabIndex={-1} className="p-comments__list">
          {list.isPending ? (
            <div aria-hidden="true" data-testid="comments-skeleton" className="p-comments__skeleton">
              {[0, 1].map((i) => (
                <span key={i} className="p-skel p-skel--rounded" style={{ height: 96 }} />
              ))}
            </div>
          ) : list.isError && threads.length === 0 ? (
            <InlineError error={list.error} onRetry={() => void list.refetch()} />
          ) : threads.length === 0 ? (
            <EmptyState message={messages.empty} compact />
          ) : (
            <ul aria-label={messages.listLabel} data-testid="comment-list" className="p-comments__threads">
              {threads.map((thread) => (
                <CommentThread key={thread.id} thread={thread} titleId={titleId} viewer={viewer} onDeleted={focusList} />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <button
              type="button"
              tabIndex={list.isFetchingNextPage ? -1 : 0}
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              data-testid="comments-more"
              className="p-btn p-btn--outlined p-btn--inherit p-btn--current p-comments__more"
            >
              {list.isFetchingNextPage ? messages.loadingMore : messages.loadMore}
            </button>
          )}
        </div>
      </Section>
    </div>
  );
}
