import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { getCookie, removeCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { onUnauthorized } from '../../../lib/session-events';
import type { User } from '../types';

export const AUTH_STORAGE_KEY = 'auth-storage';

export type AuthState = {
  token: string | null;
  user: User | null;
  isLoading: boolean;
  isError: boolean;
  hasTriedFetchingUser: boolean;
  /** Spec §4 start-up: fetch the member once; no token means no user. */
  fetchUser: (load?: () => Promise<User>) => Promise<void>;
  /** After login or register: the token is already in its cookie. */
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  /** After the notifications were marked read: the header dot goes. */
  markNotificationsSeen: () => void;
  /** Logout and any 401: the token cookie, token and user go. */
  clearSession: () => void;
};

// Loaded on demand: a visitor without a token never needs the HTTP client at start-up.
const loadUser = () => import('../api/get-user').then((m) => m.getUser());

const readToken = () => (typeof document === 'undefined' ? null : getCookie(TOKEN_COOKIE));

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      token: readToken(),
      user: null,
      isLoading: false,
      isError: false,
      hasTriedFetchingUser: false,

      fetchUser: async (load = loadUser) => {
        if (get().isLoading) return;
        const token = readToken();
        if (!token) {
          set({ token: null, user: null, isLoading: false, isError: true, hasTriedFetchingUser: true });
          return;
        }
        set({ token, isLoading: true, isError: false });
        try {
          const user = await load();
          set({ user, isLoading: false, isError: false, hasTriedFetchingUser: true });
        } catch {
          set({ user: null, isLoading: false, isError: true, hasTriedFetchingUser: true });
        }
      },

      setSession: (token, user) =>
        set({ token, user, isLoading: false, isError: false, hasTriedFetchingUser: true }),

      setUser: (user) => set({ user }),

      markNotificationsSeen: () => {
        const user = get().user;
        if (user) set({ user: { ...user, newNotifications: false, unreadNotifications: 0 } });
      },

      clearSession: () => {
        removeCookie(TOKEN_COOKIE);
        set({ token: null, user: null, isLoading: false });
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, user: s.user }),
      // The cookie is the truth for the token: a stored user without a token is no user.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Pick<AuthState, 'token' | 'user'>>;
        const token = readToken();
        return { ...current, token, user: token && p.token === token ? (p.user ?? null) : null };
      },
    },
  ),
);

// Spec §7: a 401 on any call ends the session, wherever the call was made.
onUnauthorized(() => useAuthStore.getState().clearSession());

/** Whether the start-up fetch should run now (spec §4: once per page load). */
export const shouldFetchUserOnStart = (s: Pick<AuthState, 'hasTriedFetchingUser' | 'isLoading'>) =>
  !s.hasTriedFetchingUser && !s.isLoading;
