import type { Db } from '../../db/client';
import { AuthRepository, createMainProfile } from '../auth/auth.repository';
import { PasswordHasher } from '../auth/passwords';
import { hashToken, newToken, ONE_TIME } from '../auth/tokens';
import { AdminRepository } from './admin.repository';
import { commandActor, recordAudit } from './audit';

const auth = new AuthRepository();
const repo = new AdminRepository();

export interface CreateOperatorResult {
  created: boolean;
  changed: boolean;
  /** For a new account: the single-use sign-in link, and how long it lasts. */
  link?: string;
  minutes: number;
}

/**
 * Makes an account an operator (in one transaction with its audit entry). A new account is confirmed
 * (the person running the command vouches for the address) and gets a one-time sign-in link; its
 * random password is never shown, so the operator signs in by the link and sets one.
 */
export async function createOperator(
  db: Db,
  input: { email: string; name?: string; role: 'admin' | 'editor'; siteUrl: string; password: string; passwordHashCost: number },
): Promise<CreateOperatorResult> {
  const passwordHash = await new PasswordHasher(input.passwordHashCost).hash(input.password);
  const minutes = ONE_TIME.login_link.minutes;
  return db.transaction(async (tx) => {
    const existing = await auth.lockUserByEmail(tx, input.email);
    if (existing) {
      const before = await repo.userRole(tx, existing.id);
      if (before?.role === input.role) return { created: false, changed: false, minutes };
      await repo.setRole(tx, existing.id, input.role);
      await recordAudit(tx, commandActor, { action: 'member.role', entity: 'member', entityId: existing.id, before: { role: before?.role }, after: { role: input.role } });
      return { created: false, changed: true, minutes };
    }
    const name = input.name?.trim() || input.email.split('@')[0]!;
    const id = await repo.insertConfirmedUser(tx, { name, email: input.email, passwordHash, role: input.role });
    await createMainProfile(tx, id, name);
    const token = newToken();
    await auth.createOneTimeToken(tx, { userId: id, purpose: 'login_link', tokenHash: hashToken(token), minutes });
    await recordAudit(tx, commandActor, { action: 'member.create_admin', entity: 'member', entityId: id, before: null, after: { email: input.email, name, role: input.role } });
    return { created: true, changed: true, link: `${input.siteUrl}/auth/login?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent('/admin')}`, minutes };
  });
}
