import type { Profile, UpdateProfileInput } from '@parde/contract';
import { api } from '../../../lib/api-client';

/** `PATCH /api/user/profiles/{id}` — name, avatar, kids, or the PIN (`pin: null` removes it). */
export async function updateProfile(id: number, body: UpdateProfileInput): Promise<Profile> {
  const res = await api.patch('/api/user/profiles/{id}', { path: { id }, body });
  return res.data.data;
}
