import fs from 'node:fs';
import path from 'node:path';
import { inject, vi } from 'vitest';
import './context';

/**
 * The e2e server has no SMTP_URL, so every mail it sends is written to `DATA_DIR/outbox` as
 * `<time>-<kind>-<random>.eml` (apps/api/src/modules/mail/mailer.ts). These helpers read them
 * the way a person reads their inbox: by address, newest last.
 */

/** What the API names its mails (the `kind` in the file name). */
export type MailKind = 'verify-email' | 'account-exists' | 'login-link' | 'password-reset' | 'password-changed' | 'gift' | 'contact' | (string & {});

export interface Mail {
  file: string;
  kind: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part, in order. */
  links: string[];
}

/** Quoted-printable to UTF-8 (soft line breaks joined, `=XX` bytes decoded). */
function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function header(head: string, name: string): string {
  const m = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return m ? m[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** Splits one .eml into its headers and its decoded text/plain and text/html parts. */
export function parseMail(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const parts: { text: string; html: string } = { text: '', html: '' };
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const chunks = boundary ? raw.split(`--${boundary}`).slice(1) : [raw];
  for (const chunk of chunks) {
    const at = chunk.search(/\r?\n\r?\n/);
    if (at < 0) continue;
    const h = chunk.slice(0, at);
    const body = chunk.slice(at).replace(/^\r?\n\r?\n/, '');
    const encoding = header(h, 'Content-Transfer-Encoding').toLowerCase();
    const decoded = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
    const type = header(h, 'Content-Type').toLowerCase();
    if (type.startsWith('text/plain')) parts.text = decoded;
    if (type.startsWith('text/html')) parts.html = decoded;
  }
  const kind = /^[\dTZ-]+?-([a-z][a-z-]*)-[0-9a-f]{6}\.eml$/.exec(path.basename(file))?.[1] ?? '';
  return {
    file,
    kind,
    to: decodeHeader(header(head, 'To')),
    replyTo: decodeHeader(header(head, 'Reply-To')),
    subject: decodeHeader(header(head, 'Subject')),
    ...parts,
    links: parts.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [],
  };
}

/** The mails in the outbox sent to `email` (and of `kind`, when given), oldest first. */
export function mailsTo(email: string, kind?: MailKind, dataDir = inject('dataDir')): Mail[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml') && (!kind || f.includes(`-${kind}-`)))
    .sort()
    .map((f) => parseMail(path.join(outbox, f), fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

/**
 * Waits until the outbox holds at least `count` mails of `kind` to `email` (the server sends in
 * the background) and returns the newest.
 */
export async function waitForMail(email: string, kind: MailKind, { count = 1, timeout = 15_000, dataDir = inject('dataDir') } = {}): Promise<Mail> {
  return vi.waitFor(
    () => {
      const mails = mailsTo(email, kind, dataDir);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} "${kind}" mails to ${email} so far`);
      return mails.at(-1)!;
    },
    { timeout, interval: 100 },
  );
}

/** The first link of a mail whose path starts with `pathPrefix` (`/auth/login`), as a URL. */
export function linkIn(mail: Mail, pathPrefix: string): URL {
  const found = mail.links.map((l) => new URL(l)).find((u) => u.pathname.startsWith(pathPrefix));
  if (!found) throw new Error(`no ${pathPrefix} link in "${mail.subject}":\n${mail.text}`);
  return found;
}
