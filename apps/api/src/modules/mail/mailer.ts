import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Links in the mail: logged when the mail only goes to the outbox, so development needs no inbox. */
  links?: string[];
  /** A short label for logs and outbox file names (`password-reset`). */
  kind: string;
}

export interface Mailer {
  /** Sends now; rejects when the server refuses. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: the request that caused the mail answers at once (and in the same
   * time whether or not a mail goes out, so timing does not tell who has an account).
   * Failures are logged. `onSent` runs after a successful delivery.
   */
  queue(message: MailMessage, onSent?: () => Promise<unknown>): void;
  /** Waits for queued mails (shutdown, tests). */
  flush(): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
  close(): void;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise every mail is written to `DATA_DIR/outbox/*.eml` and its
 * links are logged, so `npm start` works offline and a developer can open the mail in any client.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = { name: config.MAIL_FROM_NAME, address: config.MAIL_FROM };
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const smtp = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : undefined;
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const mail = { from, to: message.to, replyTo: message.replyTo, subject: message.subject, html: message.html, text: message.text };
    if (smtp) {
      await smtp.sendMail(mail);
      log.info({ kind: message.kind, to: message.to }, 'mail sent');
      return;
    }
    const info = await writer.sendMail(mail);
    await fs.mkdir(outbox, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${message.kind}-${crypto.randomBytes(3).toString('hex')}.eml`;
    const file = path.join(outbox, name);
    // Written beside it under a dot name and renamed when whole: a full disk leaves no half mail
    // that a reader of the outbox would take for a real one.
    const partial = path.join(outbox, `.${name}.partial`);
    try {
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
    } catch (err) {
      await fs.rm(partial, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') {
        throw Object.assign(new Error(`the disk of the mail outbox (${outbox}) is full: the mail was not written`), { code: 'ENOSPC', cause: err });
      }
      throw err;
    }
    log.info({ kind: message.kind, to: message.to, file, links: message.links }, 'mail written to the outbox (no SMTP_URL)');
  }

  return {
    mode: smtp ? 'smtp' : 'outbox',
    send,
    queue(message, onSent) {
      const p: Promise<void> = send(message)
        .then(async () => {
          await onSent?.();
        })
        .catch((err: unknown) => log.error({ err, kind: message.kind, to: message.to }, 'mail could not be sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      smtp?.close();
    },
  };
}
