import type { AuthResponse, ChangePasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from '@parde/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { AuthMember } from '../../plugins/auth';
import { memberProfile } from '../account/account.service';
import type { Tx } from '../account/executor';
import type { Mailer } from '../mail/mailer';
import { accountExistsMail, loginLinkMail, passwordChangedMail, passwordResetMail } from '../mail/templates';
import { authMessages as m } from './auth.messages';
import { AuthRepository } from './auth.repository';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords';
import { hashToken, newToken, ONE_TIME, type OneTimePurpose } from './tokens';

const HOUR = 3_600_000;

/**
 * Sign-up, sign-in and passwords. Password hashing (tens of ms of CPU) always happens outside
 * transactions, so no database connection waits on it; each use case then writes in one transaction.
 */
export class AuthService {
  private readonly repo = new AuthRepository();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
  ) {}

  private links = {
    login: (token?: string) => `${this.config.SITE_URL}/auth/login${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    forgot: () => `${this.config.SITE_URL}/auth/forgot-password`,
    reset: (token: string, email: string) => `${this.config.SITE_URL}/auth/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`,
  };

  /** Issues a bearer token and answers `{token, expiresAt, user}`. */
  private async signIn(tx: Tx, userId: number, remember: boolean): Promise<AuthResponse> {
    const ttl = remember ? this.config.AUTH_REMEMBER_DAYS * 24 * HOUR : this.config.AUTH_TOKEN_TTL_HOURS * HOUR;
    const expiresAt = new Date(Date.now() + ttl);
    const token = newToken();
    await this.repo.pruneTokens(tx, userId);
    await this.repo.createToken(tx, { userId, tokenHash: hashToken(token), remember, expiresAt });
    return { token, expiresAt: expiresAt.toISOString(), user: await memberProfile(tx, userId) };
  }

  async register(input: RegisterInput): Promise<AuthResponse> {
    const passwordHash = await hashPassword(input.password);
    const result = await this.db.transaction(async (tx) => {
      const userId = await this.repo.createUser(tx, { name: input.name, email: input.email, passwordHash });
      return userId === undefined ? undefined : this.signIn(tx, userId, input.remember ?? false);
    });
    if (result) return result;
    // The email has an account. Its owner hears about it by mail; the answer names no account.
    const owner = await this.repo.userByEmail(this.db, input.email);
    if (owner) {
      this.mailer.queue({ kind: 'account-exists', to: owner.email, ...accountExistsMail(owner.name, this.links.login(), this.links.forgot()) });
    }
    throw AppError.validation({ email: [m.registerRefused] }, m.registerRefused);
  }

  async login(input: LoginInput): Promise<AuthResponse> {
    const user = await this.repo.userByEmail(this.db, input.email);
    const ok = user ? await verifyPassword(input.password, user.passwordHash) : await spendPasswordCheck(input.password);
    if (!user || !ok) throw AppError.validation({ email: [m.badCredentials] }, m.badCredentials);
    return this.db.transaction((tx) => this.signIn(tx, user.id, input.remember ?? false));
  }

  /** Mails a single-use token when the email has an account; the caller answers the same either way. */
  private async mailOneTimeToken(email: string, purpose: OneTimePurpose): Promise<void> {
    const user = await this.repo.userByEmail(this.db, email);
    if (!user) return;
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

  async loginWithToken(token: string, remember: boolean): Promise<AuthResponse> {
    const result = await this.db.transaction(async (tx) => {
      const used = await this.repo.consumeOneTimeToken(tx, 'login_link', hashToken(token));
      return used ? this.signIn(tx, used.userId, remember) : undefined;
    });
    if (!result) throw AppError.validation({ token: [m.badLoginToken] }, m.badLoginToken);
    return result;
  }

  /** A new password from a mailed link: every device is signed out and every mailed link dies. */
  async resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
    const passwordHash = await hashPassword(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const used = await this.repo.consumeOneTimeToken(tx, 'password_reset', hashToken(input.token), input.email);
      if (!used) return undefined;
      await this.repo.setPassword(tx, used.userId, passwordHash);
      await this.repo.revokeAllTokens(tx, used.userId);
      await this.repo.dropOneTimeTokens(tx, used.userId);
      return used.userId;
    });
    if (userId === undefined) throw AppError.validation({ token: [m.badResetToken] }, m.badResetToken);
    await this.notifyPasswordChanged(userId);
    return { message: m.passwordReset };
  }

  /** Changes the password knowing the current one; the other devices are signed out, this one stays. */
  async changePassword(member: AuthMember, input: ChangePasswordInput): Promise<{ message: string }> {
    const user = await this.repo.userById(this.db, member.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 401);
    if (!(await verifyPassword(input.current_password, user.passwordHash))) {
      throw AppError.validation({ current_password: [m.wrongCurrentPassword] }, m.wrongCurrentPassword);
    }
    const passwordHash = await hashPassword(input.password);
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
