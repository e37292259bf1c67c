/**
 * The signed-in member as `GET /api/user` returns it (spec §3, api-conventions).
 * Replace with the contract's type when packages/contract gains the accounts schemas.
 */
export type User = {
  id: number;
  name?: string;
  email?: string;
  /** Truthy when unread notifications exist (shows the dot). */
  newNotifications?: boolean | number;
  [field: string]: unknown;
};
