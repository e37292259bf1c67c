import { giftPurchaseInput, type GiftPurchaseInput } from '@parde/contract';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { formErrors } from '../../../lib/form-rules';
import { messages } from '../messages';
import { serverFieldErrors, type FieldErrors } from './field-errors';

const g = messages.gift;

/** The gift codes the API makes have 12 letters; typed with dashes or spaces, or in Persian digits. */
export const GIFT_CODE_MIN = 4;
export const GIFT_MESSAGE_MAX = 500;

/** A code as the API reads it: spaces and dashes dropped (the API also reads Persian digits). */
export const compactGiftCode = (raw: string) => raw.replace(/[\s\u200c-]+/g, '');

export function validateGiftCode(raw: string): string | null {
  const code = compactGiftCode(raw);
  if (code === '') return g.codeRequired;
  if (code.length < GIFT_CODE_MIN) return g.codeShort;
  return null;
}

/**
 * Why a code was not redeemed, for under the field: an unknown code (404), one already used (409)
 * and the API's 422 all belong to the code itself; anything else is the form's.
 */
export function redeemFailure(error: unknown): { code?: string; form?: string } {
  const status = getErrorStatus(error);
  if (status === 404 || status === 409) return { code: getErrorMessage(error) };
  if (status === 422) {
    const byField = serverFieldErrors(error, ['code'] as const);
    return byField.code ? { code: byField.code } : { form: getErrorMessage(error) };
  }
  return { form: getErrorMessage(error) };
}

export type GiftValues = { plan_id: string; recipient_email: string; message: string; discount_code: string };
export const GIFT_FIELDS = ['plan_id', 'recipient_email', 'message', 'discount_code'] as const;

/**
 * The `giftPurchaseInput` contract's rules (a plan, a valid email if any, a message of at most
 * 500 characters), checked before sending, in the form's sentences. The gift screen is a
 * member's, so it may bring zod.
 */
export function validateGiftForm(v: GiftValues): FieldErrors<keyof GiftValues> {
  // No plan picked is no number at all: the contract refuses it like a wrong one.
  const body = { ...toGiftInput(v), plan_id: v.plan_id === '' ? Number.NaN : Number(v.plan_id), message: v.message };
  return formErrors<keyof GiftValues>(giftPurchaseInput, body, { plan_id: g.planRequired, recipient_email: g.emailInvalid, message: { too_big: g.messageLong } });
}

export function toGiftInput(v: GiftValues): GiftPurchaseInput {
  const email = v.recipient_email.trim();
  const message = v.message.trim();
  const code = v.discount_code.replace(/\s+/g, '');
  return {
    plan_id: Number(v.plan_id),
    recipient_email: email ? email.toLowerCase() : undefined,
    message: message || undefined,
    discount_code: code || undefined,
  };
}
