export { RequireAuth } from './components/require-auth';
export { useAuthBootstrap } from './hooks/use-auth-bootstrap';
export { useSession } from './hooks/use-session';
export { useUserRefresh } from './hooks/use-user-refresh';
export { AUTH_STORAGE_KEY, useAuthStore } from './stores/auth-store';
export { decideGuard, getPostLoginRedirect, REDIRECT_PARAM, REF_COOKIE } from './lib/guard';
export type { User } from './types';
