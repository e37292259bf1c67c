import type { ContactInput } from '@parde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { contactMail } from '../mail/templates';
import { ContactRepository } from './contact.repository';

const repo = new ContactRepository();

/**
 * The support form: the message is stored first (nothing is lost if mail is down), then mailed to
 * SUPPORT_EMAIL in the background with the sender as Reply-To; `mailed_at` records the delivery.
 */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(input: ContactInput, from: { userId: number | null; ip: string }): Promise<{ id: number; createdAt: string }> {
    const row = await repo.insert(this.db, { ...input, userId: from.userId, ip: from.ip });
    const to = this.config.SUPPORT_EMAIL;
    if (to) {
      const mail = contactMail({ ...input, id: row.id, memberId: from.userId, at: row.createdAt });
      this.mailer.queue({ kind: 'contact', to, replyTo: input.email, ...mail }, () => repo.markMailed(this.db, row.id));
    } else {
      this.log.warn({ contactMessageId: row.id }, 'SUPPORT_EMAIL is not set: the contact message is only stored');
    }
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  }
}
