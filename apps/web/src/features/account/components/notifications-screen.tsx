import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { readPage } from '../lib/progress';
import { messages } from '../messages';
import { AccountPage } from './account-page';
import { NotificationItem } from './notification-item';

const m = messages.notifications;

type Props = {
  /** The header still shows the dot: mark read even if this page shows none unread. */
  hasNewNotifications: boolean;
  /** Called once they are marked read on the server: the caller clears the header dot. */
  onMarkedRead: () => void;
};

/**
 * `user/notifications`: opening the page marks everything read on the server; the list keeps
 * the "new" marks it arrived with (the mark call does not refetch it).
 */
export function NotificationsScreen({ hasNewNotifications, onMarkedRead }: Props) {
  const [params] = useSearchParams();
  const page = readPage(params);
  const { data, isPending, isError, error, refetch } = useNotifications(page);
  const mark = useMarkNotificationsRead();
  const marked = useRef(false);

  useEffect(() => {
    if (!data || marked.current) return;
    marked.current = true;
    if (data.data.some((n) => !n.read) || hasNewNotifications) mark.mutate(undefined, { onSuccess: onMarkedRead });
  }, [data, hasNewNotifications, mark, onMarkedRead]);

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <AccountPage title={m.heading} intro={m.intro} testId="notifications-screen">
      {isPending ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      ) : data.data.length === 0 ? (
        <EmptyState message={m.empty} />
      ) : (
        <>
          <Box component="ul" aria-label={m.heading} sx={{ display: 'grid', gap: 1.5, m: 0, p: 0, maxWidth: 860 }}>
            {data.data.map((n) => (
              <NotificationItem key={n.id} item={n} isNew={!n.read} />
            ))}
          </Box>
          <ListPagination page={page} lastPage={data.meta.lastPage} hrefFor={(p) => (p === 1 ? paths.user.notifications.getHref() : `${paths.user.notifications.getHref()}?page=${p}`)} />
        </>
      )}
    </AccountPage>
  );
}
