import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { TopComment } from '@parde/contract';
import { formatJalali, formatNumber } from '@parde/persian';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Section } from '../../../components/section';
import { useTopComments } from '../api/get-top-comments';
import { messages } from '../messages';
import { ACCENT_SOLID } from '../../../components/accent';

const c = messages.comment;

function safeDate(iso: string): string {
  try {
    return formatJalali(iso, 'long');
  } catch {
    return '';
  }
}

function CommentItem({ comment }: { comment: TopComment }) {
  const [revealed, setRevealed] = useState(false);
  const hidden = comment.spoiler && !revealed;
  return (
    <Box component="li" data-testid="comment" sx={{ display: 'flex', gap: 1.5, p: 2, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}>
      <Avatar aria-hidden="true" sx={{ bgcolor: ACCENT_SOLID, color: '#fff', width: 40, height: 40 }}>
        {comment.author.name.slice(0, 1)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {comment.author.name}
          </Box>
          <Box component="time" dateTime={comment.createdAt} sx={{ fontSize: '0.78rem', color: 'text.secondary' }}>
            {safeDate(comment.createdAt)}
            {comment.editedAt && `، ${c.edited}`}
          </Box>
        </Box>
        {hidden ? (
          <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', color: 'text.secondary' }}>
            {c.spoiler}
            <Button size="small" color="inherit" onClick={() => setRevealed(true)} sx={{ textDecoration: 'underline' }}>
              {c.showSpoiler}
            </Button>
          </Box>
        ) : (
          <Box dir="auto" sx={{ mt: 1, whiteSpace: 'pre-line', lineHeight: 1.9, overflowWrap: 'anywhere' }}>
            {comment.body}
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 2, mt: 1, fontSize: '0.78rem', color: 'text.secondary' }}>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <FavoriteBorderIcon sx={{ fontSize: 16 }} aria-hidden="true" />
            {c.likes(formatNumber(comment.likes, 0))}
          </Box>
          {comment.replyCount > 0 && (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <ChatBubbleOutlineIcon sx={{ fontSize: 16 }} aria-hidden="true" />
              {c.replies(formatNumber(comment.replyCount, 0))}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** The title's top comments; empty until comments are served (a 404 reads as none). */
export function TopComments({ titleId }: { titleId: number }) {
  const query = useTopComments(titleId);
  return (
    <Section title={messages.sections.comments} testId="comments">
      {query.isPending ? (
        <Box aria-hidden="true" sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      ) : query.isError || query.data.length === 0 ? (
        <EmptyState message={messages.emptyComments} compact />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {query.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </Box>
      )}
    </Section>
  );
}
