import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** `POST /api/user/watchlist/{id}` toggles; the answer says where it ended. */
export async function toggleWatchlist(titleId: number): Promise<{ inWatchlist: boolean }> {
  const res = await api.post('/api/user/watchlist/{id}', { path: { id: titleId } });
  return res.data.data;
}

/** Errors reach the member through the query client's one toast (house style #8). */
export const useToggleWatchlist = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleWatchlist,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
};
