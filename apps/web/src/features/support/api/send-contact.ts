import type { ContactInput } from '@parde/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/contact` — reaches the operators. The CSRF cookie is fetched first (a visitor has
 * no Bearer token); the client echoes it in `X-XSRF-TOKEN`.
 */
export async function sendContact(input: ContactInput): Promise<{ id: number; createdAt: string }> {
  await api.get('/sanctum/csrf-cookie');
  const res = await api.post('/api/contact', { body: input });
  return res.data.data;
}

/** The form shows every failure itself (under the fields, or above the button). */
export const useSendContact = () => useMutation({ mutationFn: sendContact, meta: { silent: true } });
