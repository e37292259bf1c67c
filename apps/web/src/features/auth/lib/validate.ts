import { messages } from '../messages';
import type { FieldErrors } from './auth-result';

const v = messages.validation;
// Deliberately loose (one @, a dot in the domain): the server decides.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks before sending, in the same sentences as the server's; the server checks again. */
export const rules = {
  required: (value: string) => (value.trim() === '' ? v.required : undefined),
  email: (value: string) => (value.trim() === '' ? v.required : EMAIL.test(value.trim()) ? undefined : v.email),
  name: (value: string) => (value.trim() === '' ? v.required : value.trim().length < 2 ? v.nameMin : undefined),
  newPassword: (value: string) => (value === '' ? v.required : value.length < 8 ? v.passwordMin : undefined),
  confirmation: (password: string) => (value: string) => (value === '' ? v.required : value !== password ? v.confirmation : undefined),
};

type Rule = (value: string) => string | undefined;

/** The first problem of each field, or `{}` when the form may be sent. */
export function validate<F extends string>(values: Record<F, string>, checks: Partial<Record<F, Rule>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, rule] of Object.entries(checks) as [F, Rule][]) {
    const problem = rule(values[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}
