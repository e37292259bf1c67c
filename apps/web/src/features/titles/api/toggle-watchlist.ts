import type { MemberTitleState } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPTY_MEMBER_STATE } from './get-member-title-state';
import { titleKeys } from './keys';
import { ACCOUNT_LISTS } from './rate-title';

/** `POST /api/user/watchlist/{id}` toggles; the answer says where it ended. */
export async function toggleWatchlist(id: number): Promise<{ inWatchlist: boolean }> {
  const res = await api.post('/api/user/watchlist/{id}', { path: { id } });
  return res.data.data;
}

/**
 * Flips the button at once (optimistic), settles on the server's answer, and rolls back if the
 * call fails; the failure's Persian message comes from the query client's one error handler.
 */
export function useToggleWatchlist(id: number) {
  const qc = useQueryClient();
  const key = titleKeys.memberState(id);
  return useMutation({
    mutationFn: () => toggleWatchlist(id),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<MemberTitleState>(key);
      qc.setQueryData<MemberTitleState>(key, (old = EMPTY_MEMBER_STATE) => ({ ...old, inWatchlist: !old.inWatchlist }));
      return { previous };
    },
    // Back to what was shown before the click (nothing loaded reads as the empty state).
    onError: (_error, _vars, context) => qc.setQueryData(key, context?.previous ?? EMPTY_MEMBER_STATE),
    onSuccess: (result) => {
      qc.setQueryData<MemberTitleState>(key, (old = EMPTY_MEMBER_STATE) => ({ ...old, inWatchlist: result.inWatchlist }));
      // The member's watchlist page shows the change when next opened, not a cached list.
      void qc.invalidateQueries({ queryKey: ACCOUNT_LISTS, refetchType: 'none' });
    },
  });
}
