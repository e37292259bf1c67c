/**
 * The profile this tab draws (household profiles, docs/decisions/0021): the HTTP client sends it
 * as `X-Profile` with a member's calls, so the API can answer 409 `PROFILE_CHANGED` when the
 * session moved to another profile meanwhile (another tab switched) instead of writing into the
 * wrong one. Held here, not in the profiles feature, so the client needs no feature import.
 */
export const PROFILE_HEADER = 'X-Profile';

let current: number | null = null;

export function setProfileHeader(id: number | null): void {
  current = id;
}

export function getProfileHeader(): number | null {
  return current;
}
