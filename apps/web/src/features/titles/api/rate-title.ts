import type { MemberTitleState } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPTY_MEMBER_STATE } from './get-member-title-state';
import { titleKeys } from './keys';

/** `POST /api/user/rating/{id}`: the member's own 1–10 rating; null removes it. */
export async function rateTitle(id: number, rating: number | null): Promise<{ rating: number | null }> {
  const res = await api.post('/api/user/rating/{id}', { path: { id }, body: { rating } });
  return res.data.data;
}

/**
 * The member's lists (watchlist, history) carry their rating on each card: marked stale so they
 * show the new one when next opened. The account feature's key (`accountKeys.all`), spelled
 * here because features do not import each other.
 */
export const ACCOUNT_LISTS = ['account'] as const;

/**
 * Shows the new rating at once (optimistic), settles on the server's answer, and goes back to the
 * old one if the call fails; the failure's Persian toast comes from the query client's one error
 * handler.
 */
export function useRateTitle(id: number) {
  const qc = useQueryClient();
  const key = titleKeys.memberState(id);
  return useMutation({
    mutationFn: (rating: number | null) => rateTitle(id, rating),
    onMutate: async (rating) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<MemberTitleState>(key);
      qc.setQueryData<MemberTitleState>(key, (old = EMPTY_MEMBER_STATE) => ({ ...old, rating }));
      return { previous };
    },
    onError: (_error, _rating, context) => qc.setQueryData(key, context?.previous ?? EMPTY_MEMBER_STATE),
    onSuccess: (result) => {
      qc.setQueryData<MemberTitleState>(key, (old = EMPTY_MEMBER_STATE) => ({ ...old, rating: result.rating }));
      void qc.invalidateQueries({ queryKey: ACCOUNT_LISTS, refetchType: 'none' });
    },
  });
}
