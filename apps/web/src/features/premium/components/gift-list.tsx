import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Gift } from '@parde/contract';
import { formatJalali, formatNumber } from '@parde/persian';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { InlineError } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { useGifts } from '../api/get-gifts';
import { messages } from '../messages';
import { GiftCode } from './gift-code';
import { LocalPagination } from './local-pagination';

const g = messages.gift;
const PER_PAGE = 10;

function GiftItem({ gift }: { gift: Gift }) {
  return (
    <Box component="li" data-testid="gift" data-gift-id={gift.id} data-redeemed={gift.redeemed} sx={{ listStyle: 'none', p: { xs: 1.5, md: 2 }, borderRadius: 2, border: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {messages.payments.planDays(gift.planName, formatNumber(gift.days, 0))}
        </Typography>
        <Box
          component="span"
          data-testid="gift-status"
          sx={
            gift.redeemed
              ? { bgcolor: '#1b5e20', color: '#fff', borderRadius: 1, px: 0.75, py: 0.1, fontSize: '0.78rem', fontWeight: 700 }
              : { border: 1, borderColor: 'text.secondary', color: 'text.primary', borderRadius: 1, px: 0.75, fontSize: '0.78rem', fontWeight: 600 }
          }
        >
          {gift.redeemed && gift.redeemedAt ? g.redeemedAt(formatJalali(gift.redeemedAt, 'long')) : g.notRedeemed}
        </Box>
      </Box>
      <GiftCode code={gift.code} />
      <Box sx={{ display: 'flex', gap: { xs: 0.25, sm: 2 }, flexWrap: 'wrap', flexDirection: { xs: 'column', sm: 'row' }, color: 'text.secondary', fontSize: '0.88rem' }}>
        <span>{g.boughtAt(formatJalali(gift.createdAt, 'long'))}</span>
        {gift.recipientEmail && (
          <span>
            {g.to}{' '}
            <bdi dir="ltr">{gift.recipientEmail}</bdi>
          </span>
        )}
      </Box>
      {gift.message && (
        <Typography component="blockquote" color="text.secondary" sx={{ m: 0, fontSize: '0.9rem', borderInlineStart: 3, borderColor: 'divider', paddingInlineStart: 1.25 }}>
          {gift.message}
        </Typography>
      )}
    </Box>
  );
}

/** The gifts the member bought, with whether each has been redeemed. */
export function GiftList() {
  const [page, setPage] = useState(1);
  const gifts = useGifts(page, PER_PAGE);
  return (
    <Section title={g.mine} testId="my-gifts">
      {gifts.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : gifts.isError ? (
        <InlineError error={gifts.error} onRetry={() => void gifts.refetch()} />
      ) : gifts.data.data.length === 0 ? (
        <EmptyState message={g.mineEmpty} compact />
      ) : (
        <>
          <Box component="ul" aria-label={g.mine} sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 1.25, m: 0, p: 0 }}>
            {gifts.data.data.map((gift) => (
              <GiftItem key={gift.id} gift={gift} />
            ))}
          </Box>
          <LocalPagination page={page} lastPage={gifts.data.meta.lastPage} onChange={setPage} />
        </>
      )}
    </Section>
  );
}
