import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponse>;

export const readyResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down', 'disabled']) }),
  /** Present while the process is stopping: it still answers, but a balancer should send no more. */
  draining: z.boolean().optional(),
});
export type ReadyResponse = z.infer<typeof readyResponse>;

/** What the server tells the web app at run time (`/runtime-config.js`). */
export const runtimeConfig = z.object({
  apiBase: z.string().nullable(),
  analytics: z.object({ url: z.string().nullable(), siteId: z.string().nullable() }),
  social: z.object({ telegram: z.string().nullable(), instagram: z.string().nullable(), x: z.string().nullable() }),
  supportEmail: z.string().nullable(),
  /** The Jalali year in Tehran when the page was served (the footer's copyright): the server's calendar, so a first visit loads none. */
  jalaliYear: z.number().int().nullable(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
