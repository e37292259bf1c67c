import LoginIcon from '@mui/icons-material/Login';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { formatNumber } from '@parde/persian';
import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { InlineError } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { notifySuccess } from '../../../lib/notifications';
import { useCreateComment } from '../api/create-comment';
import { useCommentLikes } from '../api/get-comment-likes';
import { useComments } from '../api/get-comments';
import { flattenThreads, threadCount } from '../lib/comment-cache';
import { messages } from '../messages';
import { CommentForm } from './comment-form';
import type { CommentViewer } from './comment-item';
import { CommentThread } from './comment-thread';

/** The anchor of the section: the login link comes back here. */
export const COMMENTS_ANCHOR = 'comments';

type Props = {
  titleId: number;
  /** The signed-in member, or null for a visitor. */
  viewer: CommentViewer | null;
  /** Where a visitor signs in, carrying this page (and the anchor) to come back to. */
  loginHref: string;
};

/**
 * The title page's comments: the member's form (a visitor's sign-in link instead), then the
 * threads most liked first, page by page.
 */
export function CommentSection({ titleId, viewer, loginHref }: Props) {
  const list = useComments(titleId);
  const threads = flattenThreads(list.data);
  // Which ones the member liked matters only once there is something to like.
  const likes = useCommentLikes(titleId, viewer !== null && threads.length > 0);
  const create = useCreateComment(titleId);
  const listRef = useRef<HTMLDivElement | null>(null);
  const sectionRef = useRef<HTMLDivElement | null>(null);
  const { hash } = useLocation();
  const scrolled = useRef(false);
  const liked = useMemo(() => new Set(viewer ? (likes.data ?? []) : []), [viewer, likes.data]);
  const total = threadCount(list.data);

  // Back from the login page (…#comments): bring the section into view once it has its height.
  useEffect(() => {
    if (scrolled.current || list.isPending || hash !== `#${COMMENTS_ANCHOR}`) return;
    scrolled.current = true;
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash, list.isPending]);

  const focusList = () => listRef.current?.focus();

  return (
    // One readable column: lines of comments stay short on wide screens.
    <Box id={COMMENTS_ANCHOR} ref={sectionRef} sx={{ scrollMarginTop: 80, maxWidth: 860 }}>
      <Section
        title={messages.heading}
        testId="comments"
        action={
          total > 0 ? (
            <Box component="span" data-testid="comments-count" sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>
              {messages.count(formatNumber(total, 0))}
            </Box>
          ) : undefined
        }
      >
        <Box sx={{ mb: 2 }}>
          {viewer ? (
            <CommentForm
              label={messages.form.newLabel}
              placeholder={messages.form.newPlaceholder}
              submitLabel={messages.form.submit}
              pending={create.isPending}
              onSubmit={(values) => create.mutateAsync(values).then(() => notifySuccess(messages.form.posted))}
            />
          ) : (
            <Box
              data-testid="comments-visitor"
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
            >
              <Box component="p" sx={{ m: 0, color: 'text.secondary' }}>
                {messages.visitor.text}
              </Box>
              <Button component={RouterLink} to={loginHref} variant="outlined" color="inherit" startIcon={<LoginIcon sx={{ transform: 'scaleX(-1)' }} />} data-testid="comments-login">
                {messages.visitor.link}
              </Button>
            </Box>
          )}
        </Box>

        <Box ref={listRef} tabIndex={-1} sx={{ outline: 'none' }}>
          {list.isPending ? (
            <Box aria-hidden="true" sx={{ display: 'grid', gap: 1.5 }}>
              {[0, 1].map((i) => (
                <Skeleton key={i} variant="rounded" height={96} />
              ))}
            </Box>
          ) : list.isError && threads.length === 0 ? (
            <InlineError error={list.error} onRetry={() => void list.refetch()} />
          ) : threads.length === 0 ? (
            <EmptyState message={messages.empty} compact />
          ) : (
            <Box component="ul" aria-label={messages.listLabel} data-testid="comment-list" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {threads.map((thread) => (
                <CommentThread key={thread.id} thread={thread} titleId={titleId} viewer={viewer} liked={liked} onDeleted={focusList} />
              ))}
            </Box>
          )}
          {list.hasNextPage && (
            <Button
              variant="outlined"
              color="inherit"
              fullWidth
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              data-testid="comments-more"
              sx={{ mt: 2 }}
            >
              {list.isFetchingNextPage ? messages.loadingMore : messages.loadMore}
            </Button>
          )}
        </Box>
      </Section>
    </Box>
  );
}
