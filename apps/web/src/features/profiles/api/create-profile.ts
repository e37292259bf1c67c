import type { CreateProfileInput, Profile } from '@parde/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/user/profiles` — a new profile; needs the password or the main PIN (`password`/`main_pin`). */
export async function createProfile(body: CreateProfileInput): Promise<Profile> {
  const res = await api.post('/api/user/profiles', { body });
  return res.data.data;
}
