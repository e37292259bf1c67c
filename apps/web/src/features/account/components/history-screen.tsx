import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { QueryErrorPage } from '../../../components/query-error';
import { TitleGridSkeleton } from '../../../components/title-grid';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { useDeleteHistory } from '../api/delete-history';
import { useHistory } from '../api/get-history';
import { progressNote, readPage } from '../lib/progress';
import { messages } from '../messages';
import { AccountPage } from './account-page';
import { RemovableCard } from './watchlist-screen';

const m = messages.history;

/** `user/history`: what the member opened, with where they stopped; one entry or all can go. */
export function HistoryScreen() {
  const [params] = useSearchParams();
  const page = readPage(params);
  const { data, isPending, isError, error, refetch } = useHistory(page);
  const remove = useDeleteHistory();
  const [confirming, setConfirming] = useState(false);

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  const hasItems = Boolean(data && data.data.length > 0);
  const clearAll = () =>
    remove.mutate(undefined, {
      onSuccess: () => notifySuccess(m.cleared),
      onSettled: () => setConfirming(false),
    });

  return (
    <AccountPage
      title={m.heading}
      intro={m.intro}
      testId="history-screen"
      action={
        hasItems ? (
          <Button variant="outlined" color="inherit" onClick={() => setConfirming(true)} data-testid="clear-history">
            {m.clearAll}
          </Button>
        ) : undefined
      }
    >
      {isPending ? (
        <TitleGridSkeleton count={12} />
      ) : data.data.length === 0 ? (
        <EmptyState
          message={m.empty}
          action={
            <Button component={RouterLink} to={paths.home.getHref()} variant="contained" sx={solidAccent}>
              {messages.watchlist.browse}
            </Button>
          }
        />
      ) : (
        <>
          <ul aria-label={m.heading} data-testid="history-grid" className="p-grid">
            {data.data.map((t) => (
              <RemovableCard
                key={t.id}
                title={t}
                note={progressNote(t)}
                label={m.remove(t.titleFa ?? t.titleEn)}
                pending={remove.isPending && remove.variables === t.id}
                onRemove={() => remove.mutate(t.id, { onSuccess: () => notifySuccess(m.removed) })}
              />
            ))}
          </ul>
          <ListPagination page={page} lastPage={data.meta.lastPage} hrefFor={(p) => (p === 1 ? paths.user.history.getHref() : `${paths.user.history.getHref()}?page=${p}`)} />
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="clear-history-title" aria-describedby="clear-history-body">
        <DialogTitle id="clear-history-title">{m.clearTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="clear-history-body">{m.clearBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirming(false)}>
            {m.cancel}
          </Button>
          <Button color="error" variant="contained" onClick={clearAll} disabled={remove.isPending} data-testid="confirm-clear-history">
            {m.clearConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </AccountPage>
  );
}
