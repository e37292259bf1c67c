import crypto from 'node:crypto';

/** 256 random bits, URL-safe: the only copy is the one handed to the member. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** What the database keeps: a stolen table does not sign anyone in. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const ONE_TIME = {
  password_reset: { minutes: 60 },
  login_link: { minutes: 15 },
} as const;
export type OneTimePurpose = keyof typeof ONE_TIME;
