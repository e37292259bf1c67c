import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

/**
 * The most IMDb titles (title.basics rows, episodes included) an import may leave in the embedded
 * database (decision 35). docs/benchmarks.md measured it at 100,000 titles (imported in 85 s,
 * search p99 25 ms, a title's first read p99 182 ms, each about four times PostgreSQL's) and
 * PostgreSQL at 1,000,000; the embedded one is a single connection in one process, so ten times
 * the measured size is as far as it is let go, not the 12.3M of IMDb's full set.
 */
export const EMBEDDED_MAX_TITLES = 1_000_000;

/**
 * Every setting comes from the environment and is checked here once, at start-up, so a typo
 * fails loudly instead of half-working. The defaults make `npm start` work on a fresh clone.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL; when absent the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A read replica of DATABASE_URL (PostgreSQL streaming replication, docs/deploy.md): the public
   * catalogue's reads go there; everything else, and the catalogue when it cannot be reached, goes
   * to DATABASE_URL.
   */
  DATABASE_READ_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** The web app's server renderer (`vite build --ssr`); by default `dist-ssr/` beside WEB_DIST. */
  WEB_SSR_ENTRY: z.string().optional(),
  /** The public site's host (e.g. parde.ir): CORS allows it and its www./app./m. forms. */
  SITE_HOST: z.string().default('localhost'),
  /** Extra browser origins allowed with credentials (the Vite dev server by default). */
  CORS_EXTRA_ORIGINS: list('http://localhost:5173,http://127.0.0.1:5173'),
  /** Domain for cookies the web app must read (XSRF-TOKEN) when site and API are on sibling hosts. */
  COOKIE_DOMAIN: z.string().optional(),
  /** Secret that signs CSRF tokens; generated per process when unset (fine for one process). */
  APP_SECRET: z.string().min(16).optional(),
  /** When the web app is served by a host other than this server, the API base it should call. */
  PUBLIC_API_URL: optionalUrl,
  /** Behind nginx or a load balancer: trust X-Forwarded-For/-Proto from it. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** Prefix of the rate-limit keys in Redis (lets several sites or test runs share one Redis). */
  RATE_LIMIT_NAMESPACE: z.string().default('parde-rl:'),
  /** How long this process reuses a public catalogue answer (micro-cache); 0 turns it off. */
  RESPONSE_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /** How often each process asks whether the catalogue changed (search index, caches); 0: only when asked. */
  CATALOGUE_CHECK_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * Where the API processes of this machine share the search index: one file per catalogue
   * version, built by the first process that needs it and read by the others (decision 34).
   * By default DATA_DIR/search-index.
   */
  SEARCH_INDEX_DIR: z.string().optional(),
  /** How many public answers each process keeps (title pages are 2–10 kB: ~20k ≈ 100 MB at most). */
  RESPONSE_CACHE_ENTRIES: z.coerce.number().int().min(1).default(20_000),
  /**
   * And how many megabytes of them at most: at IMDb's size a person's page is 80 kB and a long
   * series' 31 kB, so 20,000 distinct addresses (any query string is one) held 1.5 GB or more.
   */
  RESPONSE_CACHE_MB: z.coerce.number().min(1).default(64),
  ANALYTICS_URL: optionalUrl,
  ANALYTICS_SITE_ID: z.string().optional(),
  SOCIAL_TELEGRAM: optionalUrl,
  SOCIAL_INSTAGRAM: optionalUrl,
  SOCIAL_X: optionalUrl,
  SUPPORT_EMAIL: z.string().optional(),
  /** The public site's address: links in mails (sign-up confirmation, password reset, login link) point here. */
  SITE_URL: z.url().default('http://localhost:8000').transform((v) => v.replace(/\/+$/, '')),
  /** Outgoing mail (smtp://user:pass@host:587 or smtps://…); without it mails go to DATA_DIR/outbox as .eml files. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.email().default('no-reply@parde.local'),
  MAIL_FROM_NAME: z.string().default('پرده'),
  /** How long a sign-in lasts: hours without "remember me", days with it. */
  AUTH_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).default(24),
  AUTH_REMEMBER_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * The cost of new password and PIN hashes: scrypt's N = 2^cost. 14 (16 MB, tens of ms a hash)
   * is the site's; each hash keeps its own, so a change applies to new hashes only. The test
   * suites use 10, as they make thousands.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(14),
  /** Attempts per minute at login, register, forgot-password and login links, per IP and per email. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Messages through the contact form per IP in ten minutes. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Where members pay: `sandbox` (a test page served by this API; works offline) or `zarinpal`. */
  GATEWAY: z.enum(['sandbox', 'zarinpal']).default('sandbox'),
  /** Zarinpal's merchant id (a UUID from its panel); required with GATEWAY=zarinpal. */
  ZARINPAL_MERCHANT_ID: z.string().trim().optional(),
  /** Zarinpal's host: https://payment.zarinpal.com, or https://sandbox.zarinpal.com for its own test mode. */
  ZARINPAL_BASE_URL: z.url().default('https://payment.zarinpal.com').transform((v) => v.replace(/\/+$/, '')),
  /** How often this process runs the timed jobs (premium expiry notices, stale payments, unconfirmed sign-ups); 0 turns the timer off. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(5 * 60_000),
  /** Signs media addresses (nginx's secure_link shares it); by default one kept in DATA_DIR/media-secret. */
  MEDIA_SECRET: z.string().min(32).optional(),
  /** Package queued videos in this process (media:ingest); off for API processes that should only serve. */
  MEDIA_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Loads the demo catalogue into an empty database at start. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Routes that exist only for the test-suite (a slow query to prove the server stays responsive). */
  ENABLE_TEST_ROUTES: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Behind a proxy: on SIGTERM, keep answering this long (each answer closing its connection,
   * `/readyz` saying 503) before the listener closes. Longer than the proxy's upstream keep-alive
   * timeout (4 s in deploy/nginx), so the proxy, not this process, closes the idle connections.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * The embedded database's import limit in IMDb titles (EMBEDDED_MAX_TITLES): an import that
   * would go past it is refused before it reads anything. PostgreSQL has none.
   */
  IMPORT_EMBEDDED_MAX_TITLES: z.coerce.number().int().min(1).default(EMBEDDED_MAX_TITLES),
  /** The largest file the panel accepts (videos, IMDb datasets), in bytes; 20 GiB by default. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(20 * 1024 ** 3),
});

export type Config = z.infer<typeof envSchema>;

/** Settings that only make sense together. */
function crossCheck(config: Config): string[] {
  const problems: string[] = [];
  if (config.GATEWAY === 'zarinpal' && !config.ZARINPAL_MERCHANT_ID) problems.push('  ZARINPAL_MERCHANT_ID: required when GATEWAY=zarinpal');
  return problems;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossCheck(parsed.data);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return parsed.data;
}

export const paths = { repoRoot };
