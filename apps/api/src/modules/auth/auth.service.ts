import type { AuthResponse, ChangePasswordInput, LoginInput, RegisterInput, RegisterResponse, ResetPasswordInput } from '@parde/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { AuthMember } from '../../plugins/auth';
import { memberProfile } from '../account/account.service';
import type { Tx } from '../../db/executor';
import type { Mailer, MailMessage } from '../mail/mailer';
import { accountExistsMail, loginLinkMail, passwordChangedMail, passwordResetMail, verifyEmailMail } from '../mail/templates';
import { authMessages as m } from './auth.messages';
import { AuthRepository } from './auth.repository';
import { PasswordHasher } from './passwords';
import { hashToken, newToken, ONE_TIME, SIGN_IN_PURPOSES, VERIFY_RESEND_SECONDS, type OneTimePurpose } from './tokens';

const HOUR = 3_600_000;
/** Where a confirmation link lands when the sign-up did not say (a web path, as `paths` has it). */
const DASHBOARD = '/user/dashboard';

/**
 * Sign-up, sign-in and passwords. Password hashing (tens of ms of CPU) always happens outside
 * transactions, so no database connection waits on it; each use case then writes in one transaction.
 *
 * Sign-up confirms the mailbox before anyone signs in (docs/decisions/0005): register answers the
 * same for every address and the rest happens by mail, so no form tells who has an account.
 */
export class AuthService {
  private readonly repo = new AuthRepository();
  private readonly passwords: PasswordHasher;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
  ) {
    this.passwords = new PasswordHasher(config.PASSWORD_HASH_COST);
  }

  private links = {
    /** The web app's login screen; with a token it signs in at once, then opens `redirect`. */
    login: (token?: string, redirect?: string) => {
      const query = new URLSearchParams();
      if (token) query.set('token', token);
      if (redirect) query.set('redirect', redirect);
      return `${this.config.SITE_URL}/auth/login${query.size ? `?${query}` : ''}`;
    },
    forgot: () => `${this.config.SITE_URL}/auth/forgot-password`,
    reset: (token: string, email: string) => `${this.config.SITE_URL}/auth/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`,
  };

  /** Issues a bearer token and answers `{token, expiresAt, user}`. */
  private async signIn(tx: Tx, userId: number, remember: boolean): Promise<AuthResponse> {
    // An account an operator closed never gets a session, whichever way it signs in.
    if ((await this.repo.userById(tx, userId))?.disabledAt) throw new AppError('ACCOUNT_DISABLED', 403);
    const ttl = remember ? this.config.AUTH_REMEMBER_DAYS * 24 * HOUR : this.config.AUTH_TOKEN_TTL_HOURS * HOUR;
    const expiresAt = new Date(Date.now() + ttl);
    const token = newToken();
    await this.repo.pruneTokens(tx, userId);
    await this.repo.createToken(tx, { userId, tokenHash: hashToken(token), remember, expiresAt });
    return { token, expiresAt: expiresAt.toISOString(), user: await memberProfile(tx, userId) };
  }

  /**
   * Always the same answer, after the same work (one scrypt hash, a few statements, one mail):
   * - a new address gets an unverified account and a confirmation link;
   * - an unverified one starts over with this name and password (the earlier sign-up never proved
   *   the mailbox) and gets a fresh link;
   * - a member's address changes nothing; the owner is told, with a sign-in link.
   */
  async register(input: RegisterInput): Promise<RegisterResponse> {
    const passwordHash = await this.passwords.hash(input.password);
    const token = newToken();
    const mail = await this.db.transaction(async (tx): Promise<MailMessage | undefined> => {
      let userId = await this.repo.createUser(tx, { name: input.name, email: input.email, passwordHash });
      if (userId === undefined) {
        const owner = await this.repo.lockUserByEmail(tx, input.email);
        if (!owner) return undefined; // deleted in between: there is nobody to write to
        if (owner.emailVerifiedAt) {
          const { minutes } = ONE_TIME.login_link;
          await this.repo.createOneTimeToken(tx, { userId: owner.id, purpose: 'login_link', tokenHash: hashToken(token), minutes });
          const mail = accountExistsMail(owner.name, this.links.login(token, input.redirect), this.links.forgot(), minutes);
          return { kind: 'account-exists', to: owner.email, ...mail };
        }
        await this.repo.restartUnverified(tx, owner.id, { name: input.name, passwordHash });
        userId = owner.id;
      }
      return this.verificationMail(tx, { id: userId, name: input.name, email: input.email }, token, input.redirect);
    });
    if (mail) this.mailer.queue(mail);
    return { message: m.verifyLinkSent };
  }

  /** A new confirmation token (the earlier one stops working) and the mail that carries it. */
  private async verificationMail(tx: Tx, user: { id: number; name: string; email: string }, token: string, redirect?: string): Promise<MailMessage> {
    const { minutes } = ONE_TIME.email_verify;
    await this.repo.createOneTimeToken(tx, { userId: user.id, purpose: 'email_verify', tokenHash: hashToken(token), minutes });
    return { kind: 'verify-email', to: user.email, ...verifyEmailMail(user.name, this.links.login(token, redirect ?? DASHBOARD), minutes) };
  }

  /**
   * Mails the confirmation link again, unless one went out in the last minute: sign-in attempts
   * ask for it, and repeating them must not flood the mailbox.
   */
  private async resendVerification(userId: number, redirect?: string): Promise<void> {
    const token = newToken();
    const mail = await this.db.transaction(async (tx) => {
      const user = await this.repo.lockUser(tx, userId);
      if (!user || user.emailVerifiedAt) return undefined;
      if (await this.repo.hasRecentOneTimeToken(tx, user.id, 'email_verify', VERIFY_RESEND_SECONDS)) return undefined;
      return this.verificationMail(tx, user, token, redirect);
    });
    if (mail) this.mailer.queue(mail);
  }

  /**
   * A wrong password (or an unknown email) is the usual 422. Only with the right password does an
   * unconfirmed sign-up say so (403 `EMAIL_NOT_VERIFIED`), and the confirmation link goes out again.
   */
  async login(input: LoginInput): Promise<AuthResponse> {
    const user = await this.repo.userByEmail(this.db, input.email);
    const ok = user ? await this.passwords.verify(input.password, user.passwordHash) : await this.passwords.spendCheck(input.password);
    if (!user || !ok) throw AppError.validation({ email: [m.badCredentials] }, m.badCredentials);
    if (!user.emailVerifiedAt) {
      await this.resendVerification(user.id, input.redirect);
      throw new AppError('EMAIL_NOT_VERIFIED', 403);
    }
    return this.db.transaction((tx) => this.signIn(tx, user.id, input.remember ?? false));
  }

  /**
   * Mails a single-use token when the email has an account; the caller answers the same either
   * way. An unconfirmed sign-up asking for a login link gets the confirmation link instead: its
   * password was never vouched for by the mailbox, and that mail says so.
   */
  private async mailOneTimeToken(email: string, purpose: OneTimePurpose): Promise<void> {
    const user = await this.repo.userByEmail(this.db, email);
    if (!user || user.disabledAt) return;
    if (purpose === 'login_link' && !user.emailVerifiedAt) return this.resendVerification(user.id);
    const token = newToken();
    const { minutes } = ONE_TIME[purpose];
    await this.db.transaction((tx) => this.repo.createOneTimeToken(tx, { userId: user.id, purpose, tokenHash: hashToken(token), minutes }));
    const mail =
      purpose === 'password_reset'
        ? { kind: 'password-reset', ...passwordResetMail(user.name, this.links.reset(token, user.email), minutes) }
        : { kind: 'login-link', ...loginLinkMail(user.name, this.links.login(token), minutes) };
    this.mailer.queue({ to: user.email, ...mail });
  }

  async forgotPassword(email: string): Promise<{ message: string }> {
    await this.mailOneTimeToken(email, 'password_reset');
    return { message: m.resetLinkSent };
  }

  async sendLoginLink(email: string): Promise<{ message: string }> {
    await this.mailOneTimeToken(email, 'login_link');
    return { message: m.loginLinkSent };
  }

  /** A login link or the sign-up confirmation: either proves the mailbox, so the email counts as verified. */
  async loginWithToken(token: string, remember: boolean): Promise<AuthResponse> {
    const result = await this.db.transaction(async (tx) => {
      const used = await this.repo.consumeOneTimeToken(tx, SIGN_IN_PURPOSES, hashToken(token));
      if (!used) return undefined;
      await this.repo.markEmailVerified(tx, used.userId);
      return this.signIn(tx, used.userId, remember);
    });
    if (!result) throw AppError.validation({ token: [m.badLoginToken] }, m.badLoginToken);
    return result;
  }

  /**
   * A new password from a mailed link: every device is signed out and every mailed link dies. The
   * link proves the mailbox and replaces whatever password an unconfirmed sign-up had: verified.
   */
  async resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
    const passwordHash = await this.passwords.hash(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const used = await this.repo.consumeOneTimeToken(tx, 'password_reset', hashToken(input.token), input.email);
      if (!used) return undefined;
      await this.repo.setPassword(tx, used.userId, passwordHash);
      await this.repo.markEmailVerified(tx, used.userId);
      await this.repo.revokeAllTokens(tx, used.userId);
      await this.repo.dropOneTimeTokens(tx, used.userId);
      return used.userId;
    });
    if (userId === undefined) throw AppError.validation({ token: [m.badResetToken] }, m.badResetToken);
    await this.notifyPasswordChanged(userId);
    return { message: m.passwordReset };
  }

  /**
   * Changes the password knowing the current one; the other devices are signed out, this one stays.
   * Not from a kids profile (decision 26): it would be a way to guess the account's password from
   * the kids device faster than the profile routes allow, and to lock the parent out with it.
   */
  async changePassword(member: AuthMember, input: ChangePasswordInput): Promise<{ message: string }> {
    if (member.kids) throw new AppError('KIDS_PROFILE', 403);
    const user = await this.repo.userById(this.db, member.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 401);
    if (!(await this.passwords.verify(input.current_password, user.passwordHash))) {
      throw AppError.validation({ current_password: [m.wrongCurrentPassword] }, m.wrongCurrentPassword);
    }
    const passwordHash = await this.passwords.hash(input.password);
    await this.db.transaction(async (tx) => {
      await this.repo.setPassword(tx, user.id, passwordHash);
      await this.repo.revokeAllTokens(tx, user.id, member.tokenId);
      await this.repo.dropOneTimeTokens(tx, user.id);
    });
    await this.notifyPasswordChanged(user.id);
    return { message: m.passwordChanged };
  }

  async logout(member: AuthMember): Promise<{ message: string }> {
    await this.repo.revokeToken(this.db, member.tokenId);
    return { message: m.loggedOut };
  }

  private async notifyPasswordChanged(userId: number) {
    const user = await this.repo.userById(this.db, userId);
    if (user) this.mailer.queue({ kind: 'password-changed', to: user.email, ...passwordChangedMail(user.name, new Date(), this.links.forgot()) });
  }
}
