import type { Profile, SelectProfileInput } from '@parde/contract';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/user/profiles/{id}/select` — the session (this device) uses that profile from now on.
 * A PIN, or on leaving a kids profile the main PIN or the password, goes in the body.
 */
export async function selectProfile(id: number, body: SelectProfileInput = {}): Promise<Profile> {
  const res = await api.post('/api/user/profiles/{id}/select', { path: { id }, body });
  return res.data.data;
}
