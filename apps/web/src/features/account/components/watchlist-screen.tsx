import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MemberTitleCard } from '@parde/contract';
import { formatNumber } from '@parde/persian';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { QueryErrorPage } from '../../../components/query-error';
import { TitleCard } from '../../../components/title-card';
import { TitleGridSkeleton } from '../../../components/title-grid';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { useWatchlist } from '../api/get-watchlist';
import { useToggleWatchlist } from '../api/toggle-watchlist';
import { readPage } from '../lib/progress';
import { messages } from '../messages';
import { AccountPage } from './account-page';

const m = messages.watchlist;

/** A card of the member's own list, with their rating, and a remove button under it (outside the card's link). */
export function RemovableCard({ title, note, label, onRemove, pending }: { title: MemberTitleCard; note?: string; label: string; onRemove: () => void; pending: boolean }) {
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <TitleCard title={title} note={note} myRating={title.myRating} />
      <Button size="small" color="inherit" startIcon={<DeleteOutlineIcon fontSize="small" />} aria-label={label} onClick={onRemove} disabled={pending} sx={{ alignSelf: 'flex-start', color: 'text.secondary', px: 0.5 }} data-testid="remove-title">
        {messages.remove}
      </Button>
    </Box>
  );
}

/** `user/watchlist`: the saved titles, paged by the URL, each removable. */
export function WatchlistScreen() {
  const [params] = useSearchParams();
  const page = readPage(params);
  const { data, isPending, isError, error, refetch } = useWatchlist(page);
  const toggle = useToggleWatchlist();

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  const total = data?.meta.total;
  return (
    <AccountPage title={m.heading} intro={m.intro} action={total ? <Box sx={{ color: 'text.secondary' }}>{m.count(formatNumber(total, 0))}</Box> : undefined} testId="watchlist-screen">
      {isPending ? (
        <TitleGridSkeleton count={12} />
      ) : data.data.length === 0 ? (
        <EmptyState
          message={m.empty}
          action={
            <Button component={RouterLink} to={paths.home.getHref()} variant="contained" sx={solidAccent}>
              {m.browse}
            </Button>
          }
        />
      ) : (
        <>
          <ul aria-label={m.heading} data-testid="watchlist-grid" className="p-grid">
            {data.data.map((t) => (
              <RemovableCard
                key={t.id}
                title={t}
                label={m.remove(t.titleFa ?? t.titleEn)}
                pending={toggle.isPending && toggle.variables === t.id}
                onRemove={() => toggle.mutate(t.id, { onSuccess: () => notifySuccess(m.removed) })}
              />
            ))}
          </ul>
          <ListPagination page={page} lastPage={data.meta.lastPage} hrefFor={(p) => (p === 1 ? paths.user.watchlist.getHref() : `${paths.user.watchlist.getHref()}?page=${p}`)} />
        </>
      )}
    </AccountPage>
  );
}
