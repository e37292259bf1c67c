import { getApiBase } from '../../../config/env';
import { api, fillPath, type ApiPath } from '../../../lib/api-client';
import { getCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { getProfileHeader, PROFILE_HEADER } from '../../../lib/profile-header';

/**
 * `POST /api/user/history/{titleId}` with where playback reached. `leaving`: the page is going
 * away, so the request must outlive it (`keepalive`), and the client's promise is not awaited.
 */
export async function savePosition(titleId: number, episodeId: number | null, positionSec: number, leaving = false): Promise<void> {
  const body = { episode_id: episodeId, position_sec: Math.max(0, Math.floor(positionSec)) };
  if (!leaving) {
    await api.post('/api/user/history/{titleId}', { path: { titleId }, body });
    return;
  }
  const token = getCookie(TOKEN_COOKIE);
  if (!token) return;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' };
  // The position belongs to the profile this tab shows, as with every other call.
  const profile = getProfileHeader();
  if (profile !== null) headers[PROFILE_HEADER] = String(profile);
  void fetch(`${getApiBase(window.location)}${fillPath('/api/user/history/{titleId}' satisfies ApiPath<'post'>, { titleId })}`, {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers,
    body: JSON.stringify(body),
  }).catch(() => {});
}
