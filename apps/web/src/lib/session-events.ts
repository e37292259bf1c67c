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
