import { api } from '../../../lib/api-client';
import type { User } from '../types';

/** `GET /api/user` → the current member; rejects (401) for visitors. */
export async function getUser(): Promise<User> {
  const res = await api.get('/api/user');
  return res.data.data;
}
