import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/user/notifications` (no body) — marks every notification read. */
export async function markNotificationsRead(): Promise<{ marked: number }> {
  const res = await api.post('/api/user/notifications');
  return res.data.data;
}

/**
 * The list on screen keeps its "new" marks (the member came to see them); the caller clears
 * the header dot. A failure stays silent: the dot simply stays until the next visit.
 */
export const useMarkNotificationsRead = () => useMutation({ mutationFn: markNotificationsRead, meta: { silent: true } });
