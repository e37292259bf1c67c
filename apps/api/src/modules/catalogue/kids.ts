import { kidsAgeRatings } from '@parde/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The kids filter (decision 21): a kids profile sees only titles whose age rating is for
 * children; a title without a rating is hidden from it. The ratings are fixed words of the
 * contract, so the condition is plain SQL text (no parameters) that any query can add beside
 * `t.published`.
 */
const RATINGS = kidsAgeRatings.map((r) => `'${r.replace(/'/g, "''")}'`).join(', ');

/** `<alias>.age_rating IN ('G', 'PG', …)`: true only for a title a kids profile may see. */
export const kidsTitleSql = (alias = 't') => `${alias}.age_rating IN (${RATINGS})`;

/** ` AND <kids condition>` for a kids session, '' for everyone else. */
export const kidsAnd = (kids: boolean, alias = 't') => (kids ? ` AND ${kidsTitleSql(alias)}` : '');

/** Whether the request comes from a kids profile's session. */
export const isKids = (request: FastifyRequest) => request.member?.kids === true;
