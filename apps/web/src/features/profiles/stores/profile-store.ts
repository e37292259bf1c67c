import type { Profile } from '@parde/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { setProfileHeader } from '../../../lib/profile-header';
import { onProfileChanged } from '../../../lib/session-events';

export const PROFILE_STORAGE_KEY = 'profile-storage';

export type ProfileState = {
  /** The account the remembered profile belongs to: another member signing in on this device starts afresh. */
  userId: number | null;
  /** The profile chosen on this device, to draw the header before the API answers. */
  profile: Profile | null;
  /** The picker must be shown: after sign-in with several profiles, or when the session's profile moved (409). */
  pickNeeded: boolean;
  setProfile: (userId: number, profile: Profile) => void;
  /** The session's profile moved under this tab: re-read and let the member choose. */
  requirePick: () => void;
  /** Sign-out: nothing of the account stays. */
  clear: () => void;
};

/**
 * Household profiles (docs/decisions/0021): kept beside the spec's auth store, whose fields
 * stay as they are, under its own key `profile-storage`.
 */
export const useProfileStore = create<ProfileState>()(
  persist(
    (set) => ({
      userId: null,
      profile: null,
      pickNeeded: false,
      setProfile: (userId, profile) => set({ userId, profile, pickNeeded: false }),
      // The stale profile goes at once: the re-read must not name it again.
      requirePick: () => set({ pickNeeded: true, profile: null }),
      clear: () => set({ userId: null, profile: null, pickNeeded: false }),
    }),
    {
      name: PROFILE_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ userId: s.userId, profile: s.profile }),
    },
  ),
);

// Every call of the HTTP client names the profile this tab draws.
setProfileHeader(useProfileStore.getState().profile?.id ?? null);
useProfileStore.subscribe((s) => setProfileHeader(s.profile?.id ?? null));

// A 409 PROFILE_CHANGED on any call, wherever it was made.
onProfileChanged(() => useProfileStore.getState().requirePick());

/** Whether this device shows a kids profile (the screens hide comments and buying; the API filters). */
export const useIsKids = () => useProfileStore((s) => Boolean(s.profile?.kids));
