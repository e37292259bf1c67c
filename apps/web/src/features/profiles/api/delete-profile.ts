import { api } from '../../../lib/api-client';
import type { HolderProof } from '../lib/proof';

/** `DELETE /api/user/profiles/{id}` — not the main one; its lists go with it. The proof travels in the body. */
export async function deleteProfile(id: number, proof: HolderProof): Promise<void> {
  await api.delete('/api/user/profiles/{id}', { path: { id }, body: proof });
}
