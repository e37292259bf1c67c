import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One file of the built web app, with the compressed forms the build wrote beside it. */
export type WebFile = {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** Hashed file names never change content: a year, never revalidated. Anything else is asked again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Every file of the built web app (`vite build`, then scripts/compress-dist.mjs for the `.br` and
 * `.gz` forms), read into memory once, keyed by its URL path. The whole build is a few
 * megabytes; a first visit asks for some fifty of its files at once, and answering each from
 * memory leaves the file system out of it (a stat, an open and a read stream per file before).
 */
export function loadWebFiles(dist: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dist, full).split(path.sep).join('/');
    const body = fs.readFileSync(full);
    const sibling = (ext: string) => (fs.existsSync(`${full}${ext}`) ? fs.readFileSync(`${full}${ext}`) : undefined);
    files.set(`/${rel}`, {
      body,
      br: sibling('.br'),
      gzip: sibling('.gz'),
      type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: rel.startsWith('assets/') ? IMMUTABLE : 'no-cache',
    });
  }
  return files;
}

/** Whether an Accept-Encoding header takes `coding` (named, and not with q=0). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    if (name.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

function send(file: WebFile, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag).type(file.type);
  if (file.br || file.gzip) reply.header('vary', 'Accept-Encoding');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) return reply.status(304).send();
  const accept = request.headers['accept-encoding'];
  if (file.br && acceptsEncoding(accept, 'br')) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && acceptsEncoding(accept, 'gzip')) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/** A GET (and HEAD) route for each file of the built web app. */
export function registerWebFiles(app: FastifyInstance, dist: string) {
  for (const [url, file] of loadWebFiles(dist)) {
    app.get(url, { schema: { hide: true } }, (request, reply) => send(file, request, reply));
  }
}
