type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * "A 401 on any call clears the session": the HTTP client emits, the auth feature listens.
 * Kept apart from the client so the first page load needs neither the HTTP client nor a feature import.
 */
export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitUnauthorized(): void {
  for (const l of [...listeners]) l();
}

const profileListeners = new Set<Listener>();

/**
 * A 409 `PROFILE_CHANGED`: the session's profile is no longer the one this tab drew. The HTTP
 * client emits; the profiles feature re-reads the profiles and opens the picker.
 */
export function onProfileChanged(listener: Listener): () => void {
  profileListeners.add(listener);
  return () => profileListeners.delete(listener);
}

export function emitProfileChanged(): void {
  for (const l of [...profileListeners]) l();
}
