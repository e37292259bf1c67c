// What the shell needs of household profiles: light (no screens, no HTTP client at start-up).
export { useProfileGate } from './hooks/use-profile-gate';
export { PROFILE_STORAGE_KEY, useIsKids, useProfileStore } from './stores/profile-store';
