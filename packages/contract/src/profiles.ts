import { z } from 'zod';
import { validationErrorResponse } from './common';
import { plainText } from './member';

/**
 * Household profiles: one account (one subscription, one set of payments and comments), up to
 * five people, each with their own watchlist, history and resume positions, ratings, likes,
 * notification reads and player choices. Decision 21 has the reasons.
 *
 * The profile in use belongs to the session (the device): `POST /api/user/profiles/{id}/select`
 * sets it, every later request of that session is answered for it, and the web app keeps the
 * chosen profile beside the auth store (`profile-storage`) to draw the header before the API answers.
 */

export const MAX_PROFILES = 5;

/** Ratings a kids profile may see. A title without a rating is hidden from kids. */
export const kidsAgeRatings = ['G', 'PG', 'TV-Y', 'TV-G', 'TV-PG'] as const;

/** The generated avatars: a palette index and a shape, drawn like the posters (no uploads). */
export const avatarKeys = ['sun', 'moon', 'star', 'leaf', 'wave', 'drop', 'cloud', 'flower', 'kite', 'fish', 'bird', 'cat'] as const;
export const avatarKey = z.enum(avatarKeys);
export type AvatarKey = z.infer<typeof avatarKey>;

/** Four digits, typed with Persian or Latin digits (the API turns Persian ones into Latin). */
export const profilePin = z
  .string()
  .overwrite((s) => s.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))))
  .regex(/^\d{4}$/);

export const profile = z
  .object({
    id: z.number().int(),
    name: z.string(),
    avatar: avatarKey,
    kids: z.boolean(),
    /** The account's first profile: cannot be deleted or made a kids profile; its PIN guards management. */
    main: z.boolean(),
    hasPin: z.boolean(),
    /** While wrong PINs have locked it (ISO time), else null. */
    lockedUntil: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

/** `GET /api/user/profiles`: every profile of the account, in order, and the one this session uses. */
export const profilesResponse = z.object({
  data: z.object({ profiles: z.array(profile), currentId: z.number().int(), max: z.number().int() }),
});
export type ProfilesData = z.infer<typeof profilesResponse>['data'];

/**
 * Managing profiles (create, edit, delete, set or clear a PIN) proves the account holder:
 * the account's password or the main profile's PIN. A kids profile's session may not manage at all.
 */
const holderProof = {
  password: z.string().max(128).optional(),
  main_pin: profilePin.optional(),
};

/** `POST /api/user/profiles` → 201 `{data: Profile}`; a sixth is 422 on `name` (`PROFILE_LIMIT`). */
export const createProfileInput = z.object({
  name: plainText().min(1).max(20),
  avatar: avatarKey.optional(),
  kids: z.boolean().default(false),
  /** Optional; a kids profile may have one too. */
  pin: profilePin.optional(),
  ...holderProof,
});
export type CreateProfileInput = z.infer<typeof createProfileInput>;

/** `PATCH /api/user/profiles/{id}` → `{data: Profile}`; `pin: null` removes the PIN. */
export const updateProfileInput = z.object({
  name: plainText().min(1).max(20).optional(),
  avatar: avatarKey.optional(),
  kids: z.boolean().optional(),
  pin: profilePin.nullable().optional(),
  ...holderProof,
});
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** `DELETE /api/user/profiles/{id}` (not the main profile) → 204; its lists go with it. */
export const deleteProfileInput = z.object(holderProof);

/**
 * `POST /api/user/profiles/{id}/select` → `{data: Profile}`.
 * - A profile with a PIN needs `pin`: missing → 403 `PIN_REQUIRED`; wrong → 422 on `pin` with the
 *   tries left; the fifth wrong try locks it for 15 minutes → 423 `PROFILE_LOCKED` (Persian, Jalali time).
 * - Leaving a kids profile for a grown-up one needs that profile's PIN, or, when it has none,
 *   the main profile's PIN (`main_pin`) or the account's password (`password`): else 403 `KIDS_EXIT_LOCKED`.
 */
export const selectProfileInput = z
  .object({ pin: profilePin.optional(), ...holderProof })
  .nullish()
  .transform((v) => v ?? {});
export type SelectProfileInput = z.infer<typeof selectProfileInput>;

/** The player's choices, per profile: `GET` / `PUT /api/user/profile/prefs`. */
export const playerPrefs = z
  .object({
    /** Subtitle language (`fa`, `en`…) with the original audio, or null for none. */
    subtitle: z
      .string()
      .min(2)
      .max(8)
      .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,4})?$/)
      .nullable(),
    /**
     * Subtitle language while a Persian dub plays, or null for none. Absent until the viewer
     * chooses: a Persian dub then plays without subtitles (`subtitle` is the choice for the
     * original audio).
     */
    subtitleWithDub: z
      .string()
      .min(2)
      .max(8)
      .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,4})?$/)
      .nullable()
      .optional(),
    size: z.enum(['s', 'm', 'l']),
    /** null: decide by the connection; true/false: the viewer's own choice. */
    dataSaver: z.boolean().nullable(),
    /** A fixed quality (e.g. 720) or null for automatic. */
    quality: z.number().int().min(144).max(4320).nullable(),
  })
  .meta({ id: 'PlayerPrefs' });
export type PlayerPrefsData = z.infer<typeof playerPrefs>;
export const playerPrefsResponse = z.object({ data: playerPrefs });

/** `GET` / `PUT /api/user/profile/audio/{titleId}`: the audio edition chosen for a title or series. */
export const audioChoiceInput = z.object({ edition: plainText().min(1).max(64) });
export const audioChoiceResponse = z.object({ data: z.object({ edition: z.string().nullable() }) });

/** `{data: Profile}`: one profile after a change or a choice. */
export const profileResponse = z.object({ data: profile });

/** 422 of profile management: field errors, with `PROFILE_LIMIT` when the account has five already. */
export const profileValidationError = validationErrorResponse.extend({ code: z.enum(['VALIDATION_FAILED', 'PROFILE_LIMIT']) }).meta({ id: 'ProfileValidationError' });

/** The error codes of profiles (each answered with a Persian message). */
export const profileErrorCodes = [
  'PROFILE_CHANGED', // 409: X-Profile names another profile than the session's
  'PROFILE_NOT_FOUND', // 404
  'PIN_REQUIRED', // 403
  'PROFILE_LOCKED', // 423
  'KIDS_EXIT_LOCKED', // 403
  'KIDS_PROFILE', // 403: managing profiles or paying from a kids profile
  'KIDS_NO_COMMENTS', // 403
  'HOLDER_PROOF_REQUIRED', // 403: managing (or paying from a profile other than the main) without password or main PIN
  'MAIN_PROFILE', // 409: the main profile cannot be deleted
  'PROFILE_LIMIT', // 422 on name
] as const;
