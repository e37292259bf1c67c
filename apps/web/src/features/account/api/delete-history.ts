import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** `DELETE /api/user/history/{titleId}`, or the whole history when no id is given. */
export async function deleteHistory(titleId?: number): Promise<void> {
  await (titleId === undefined ? api.delete('/api/user/history') : api.delete('/api/user/history/{titleId}', { path: { titleId } }));
}

export const useDeleteHistory = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteHistory,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
};
