import type { ContentRequest, ContentRequestInput } from '@parde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** `POST /api/user/request` — ask for a film or series the catalogue lacks. */
export async function createRequest(input: ContentRequestInput): Promise<ContentRequest> {
  const res = await api.post('/api/user/request', { body: input });
  return res.data.data;
}

/** The form shows its own failures (under the fields, or above the button). */
export const useCreateRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
};
