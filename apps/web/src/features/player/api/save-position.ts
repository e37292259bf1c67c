import { getApiBase } from '../../../config/env';
import { api } from '../../../lib/api-client';
import { getCookie, TOKEN_COOKIE } from '../../../lib/cookies';

/**
 * `POST /api/user/history/{titleId}` with where playback reached. `leaving`: the page is going
 * away, so the request must outlive it (`keepalive`), and the client's promise is not awaited.
 */
export async function savePosition(titleId: number, episodeId: number | null, positionSec: number, leaving = false): Promise<void> {
  const body = { episode_id: episodeId, position_sec: Math.max(0, Math.floor(positionSec)) };
  if (!leaving) {
    await api.post(`/api/user/history/${titleId}`, body);
    return;
  }
  const token = getCookie(TOKEN_COOKIE);
  if (!token) return;
  void fetch(`${getApiBase(window.location)}/api/user/history/${titleId}`, {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  }).catch(() => {});
}
