import type { ContactInput } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { fieldErrorsOfBody } from '../../../lib/field-errors';
import { messages } from '../messages';

export type ContactField = keyof ContactInput;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The limits of the `contactInput` contract, checked before sending (the server checks again). */
export const CONTACT_LIMITS: Record<ContactField, { min: number; max: number }> = {
  name: { min: 2, max: 80 },
  email: { min: 3, max: 120 },
  subject: { min: 2, max: 120 },
  message: { min: 10, max: 4000 },
};

const FIELDS = Object.keys(CONTACT_LIMITS) as ContactField[];
// Deliberately loose: one @, something on each side, a dot in the domain. The server decides.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims every field, as the server does. */
export function normalizeContact(input: ContactInput): ContactInput {
  return { name: input.name.trim(), email: input.email.trim(), subject: input.subject.trim(), message: input.message.trim() };
}

/** The first problem of each field, in the same Persian sentences as the server's. */
export function validateContact(raw: ContactInput): ContactErrors {
  const input = normalizeContact(raw);
  const errors: ContactErrors = {};
  for (const field of FIELDS) {
    const value = input[field];
    const { min, max } = CONTACT_LIMITS[field];
    if (value === '') errors[field] = messages.validation.required;
    else if (field === 'email' && !EMAIL.test(value)) errors[field] = messages.validation.email;
    else if (value.length < min) errors[field] = messages.validation.min(toPersianDigits(min));
    else if (value.length > max) errors[field] = messages.validation.max(toPersianDigits(max));
  }
  return errors;
}

/** The field errors of a 422 (`errors: {field: [sentence]}`), first sentence per known field. */
export const serverFieldErrors = (body: unknown): ContactErrors => fieldErrorsOfBody(body, { only: FIELDS });
