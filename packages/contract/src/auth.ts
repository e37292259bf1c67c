import { z } from 'zod';
import { plainText } from './member';

/**
 * Accounts: sign-up, sign-in, passwords and the signed-in member. Request bodies use Laravel's
 * field names (`password_confirmation`, `current_password`, `remember`, `token`), as the spec's
 * client sends them; responses are camelCase.
 */

/** Trimmed and lower-cased before the format check: one account per mailbox however it is typed. */
const email = z.string().trim().toLowerCase().max(190).check(z.email());
/** At least 8 characters; the upper bound only stops absurd inputs from costing hashing time. */
const newPassword = z.string().min(8).max(128);
/** A sign-in password is checked, never validated for strength (an old account may predate the rules). */
const givenPassword = z.string().min(1).max(128);
/** Laravel's checkbox: true, 1, "1", "on", "true". */
const checkbox = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'on', 'off', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'on' || v === 'true')
  .optional();
const oneTimeToken = z.string().trim().min(16).max(200);
/**
 * A page of this site to open after a mailed link signs the member in (`/premium/join/3`): a path,
 * never another host (`//evil.example`, `/\\evil`, `https://…`), so a link cannot send anyone away.
 */
const sitePath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/);

const confirmationMessage = 'تکرار رمز عبور با رمز عبور یکسان نیست.';

export const registerInput = z
  .object({
    name: plainText().min(2).max(80),
    email,
    password: newPassword,
    password_confirmation: z.string().max(128),
    /** Accepted for Laravel clients; the confirmation link signs in on the device that opens it. */
    remember: checkbox,
    /** Where the confirmation link lands after signing in; the dashboard when left out. */
    redirect: sitePath.optional(),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: confirmationMessage });
export type RegisterInput = z.infer<typeof registerInput>;

/**
 * Sign-up answers 202 with this same body whatever the email (new, unconfirmed or already a
 * member's), so it never tells who has an account: what happens next arrives by mail.
 */
export const registerResponse = z.object({ message: z.string() }).meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const loginInput = z.object({
  email,
  password: givenPassword,
  remember: checkbox,
  /** Where a confirmation link mailed again (403 `EMAIL_NOT_VERIFIED`) lands after signing in. */
  redirect: sitePath.optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * The token of a mailed link to `/auth/login?token=…` (a login link, or the sign-up confirmation,
 * which also marks the email verified): signs in once, without the password.
 */
export const loginWithTokenInput = z.object({ token: oneTimeToken, remember: checkbox });
export type LoginWithTokenInput = z.infer<typeof loginWithTokenInput>;

export const emailInput = z.object({ email });
export type EmailInput = z.infer<typeof emailInput>;

/** From the mailed link `auth/reset-password/{token}?email=…`; the email, when sent, must match. */
export const resetPasswordInput = z
  .object({
    token: oneTimeToken,
    email: email.optional(),
    password: newPassword,
    password_confirmation: z.string().max(128),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: confirmationMessage });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const changePasswordInput = z
  .object({
    current_password: givenPassword,
    password: newPassword,
    password_confirmation: z.string().max(128),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password'], message: confirmationMessage });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The signed-in member, as `GET /api/user` and sign-in answers carry it. */
export const member = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    /** True while unread notifications exist (the dot on the dashboard item). */
    newNotifications: z.boolean(),
    unreadNotifications: z.number().int(),
    premium: z.object({ active: z.boolean(), until: z.string().nullable() }),
    /** 'member', or an operator's role: 'editor' (catalogue, media, requests, moderation) or 'admin' (everything). */
    role: z.enum(['member', 'editor', 'admin']),
    /** ISO 8601 UTC; the web app shows it in the Jalali calendar. */
    createdAt: z.string(),
    /** Counts the dashboard shows. */
    stats: z.object({
      watchlist: z.number().int(),
      history: z.number().int(),
      likes: z.number().int(),
      ratings: z.number().int(),
      comments: z.number().int(),
      requests: z.number().int(),
    }),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof member>;

export const userResponse = z.object({ data: member });

/** Login and the mailed links: the bearer token (keep it in cookie `token`) and the member. */
export const authResponse = z
  .object({
    token: z.string(),
    /** When the token stops working (ISO 8601 UTC): the cookie can expire with it. */
    expiresAt: z.string(),
    user: member,
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof authResponse>;

/** Answers that only confirm something happened, with a Persian sentence to show. */
export const messageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponse>;
