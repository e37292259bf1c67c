import crypto from 'node:crypto';

/** 256 random bits, URL-safe: the only copy is the one handed to the member. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** What the database keeps: a stolen table does not sign anyone in. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const ONE_TIME = {
  password_reset: { minutes: 60 },
  login_link: { minutes: 15 },
  /** The sign-up confirmation: a day, since people open such mails later. Signs in like a login link. */
  email_verify: { minutes: 24 * 60 },
} as const;
export type OneTimePurpose = keyof typeof ONE_TIME;

/** Mailed tokens that `/api/sanc/login-with-token` accepts: each proves the mailbox, so each marks it verified. */
export const SIGN_IN_PURPOSES: OneTimePurpose[] = ['login_link', 'email_verify'];

/** A confirmation mail is sent again at most this often per account (sign-in attempts ask for it). */
export const VERIFY_RESEND_SECONDS = 60;
