import { MAX_PAGE, type PaginationMeta } from '@parde/contract';
import type { Db } from './client';

/** A transaction handed to a use case's steps; every repository method accepts one or the pool-backed db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** PostgreSQL error codes a use case turns into a 4xx instead of a 500. */
export const pgCodes = { foreignKey: '23503', unique: '23505', check: '23514' } as const;

/** The SQLSTATE of a database error, also when Drizzle wrapped it (it keeps the driver's error as `cause`). */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 3; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a database error names (which foreign key failed), also through Drizzle's wrapper. */
export function pgConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 3; e = (e as { cause?: unknown }).cause, i++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

export const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The `meta` of every paged list. `estimated`: the total is the database's estimate, not a count
 * (decision 42), said only when it is. No list names a page past the last one the API serves.
 */
export const pageMeta = (page: number, perPage: number, total: number, estimated = false): PaginationMeta => ({
  currentPage: page,
  lastPage: Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / perPage))),
  perPage,
  total,
  ...(estimated ? { estimated: true as const } : {}),
});
