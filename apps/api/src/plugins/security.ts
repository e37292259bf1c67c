import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The site's own browser origins: the bare host and its www./app./m. forms, plus dev origins. */
export function allowedOrigins(config: Config): Set<string> {
  const host = config.SITE_HOST;
  const schemes = host === 'localhost' || /^[\d.]+$/.test(host) ? ['http', 'https'] : ['https'];
  const origins = new Set<string>(config.CORS_EXTRA_ORIGINS);
  for (const scheme of schemes) {
    for (const prefix of ['', 'www.', 'app.', 'm.']) origins.add(`${scheme}://${prefix}${host}`);
  }
  return origins;
}

const originOf = (url?: string) => (url ? new URL(url).origin : undefined);

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const origins = allowedOrigins(config);
  await app.register(cors, {
    credentials: true,
    origin: (origin, cb) => {
      // Same-origin requests and tools without an Origin header need no CORS answer.
      if (!origin) return cb(null, false);
      cb(null, origins.has(origin));
    },
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The panel's resumable uploads (tus) from the site's pages to api.<site>.
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'X-XSRF-TOKEN', 'X-Profile', 'Accept', 'Tus-Resumable', 'Upload-Length', 'Upload-Offset', 'Upload-Metadata', 'Upload-Defer-Length', 'Upload-Concat'],
    exposedHeaders: ['Retry-After', 'X-Request-Id', 'Location', 'Tus-Resumable', 'Upload-Offset', 'Upload-Length'],
    maxAge: 600,
  });

  const connectSrc = new Set(["'self'"]);
  for (const o of [originOf(config.PUBLIC_API_URL), originOf(config.ANALYTICS_URL)]) if (o) connectSrc.add(o);
  if (config.SITE_HOST !== 'localhost') connectSrc.add(`https://api.${config.SITE_HOST}`);

  // Built once: the Fastify wrapper rebuilt the middleware (and re-parsed every CSP directive)
  // on each request, a measurable share of a cached answer's cost.
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Emotion injects style tags at run time.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [...connectSrc],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'], // hls.js runs its demuxer in a blob worker.
        manifestSrc: ["'self'"],
        // Trailers play in YouTube's privacy-enhanced embed, loaded only when the viewer asks.
        frameSrc: ['https://www.youtube-nocookie.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: config.NODE_ENV === 'production' ? undefined : false,
  });
  // Powerful features off, except what the player (full screen, picture in picture) and the
  // trailer's YouTube frame use.
  const youtube = '"https://www.youtube-nocookie.com"';
  const permissions = [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'interest-cohort=()',
    `autoplay=(self ${youtube})`,
    `fullscreen=(self ${youtube})`,
    `picture-in-picture=(self ${youtube})`,
    `encrypted-media=(self ${youtube})`,
  ].join(', ');
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', permissions);
    secureHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
