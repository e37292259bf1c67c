import type { MemberTitleState } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EMPTY_MEMBER_STATE } from './get-member-title-state';
import { titleKeys } from './keys';

/** `POST /api/user/like/{id}` toggles a like; the answer has the new count. */
export async function toggleLike(id: number): Promise<{ liked: boolean; likes: number }> {
  const res = await api.post('/api/user/like/{id}', { path: { id } });
  return res.data.data;
}

/** Optimistic like with the count moved by one; rolled back if the call fails. */
export function useToggleLike(id: number) {
  const qc = useQueryClient();
  const key = titleKeys.memberState(id);
  return useMutation({
    mutationFn: () => toggleLike(id),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<MemberTitleState>(key);
      qc.setQueryData<MemberTitleState>(key, (old = EMPTY_MEMBER_STATE) => ({
        ...old,
        liked: !old.liked,
        likes: Math.max(0, old.likes + (old.liked ? -1 : 1)),
      }));
      return { previous };
    },
    // Back to what was shown before the click (nothing loaded reads as the empty state).
    onError: (_error, _vars, context) => qc.setQueryData(key, context?.previous ?? EMPTY_MEMBER_STATE),
    onSuccess: (result) => {
      qc.setQueryData<MemberTitleState>(key, (old = EMPTY_MEMBER_STATE) => ({ ...old, liked: result.liked, likes: result.likes }));
    },
  });
}
