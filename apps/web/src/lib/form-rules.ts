import { persianErrorMap } from '@parde/contract';

/*
 * A form's rules are the contract's: the zod schema the API validates a request with also checks
 * the form before it is sent, so a rule (a length, a range, a pattern) changes in one place.
 *
 * This module brings zod with it: only member and admin screens import it, never a public page's
 * first visit (vite.config.ts keeps it out of the `base` chunk; e2e/specs/first-visit-js.test.ts
 * guards the budget). docs/decisions/0030.
 */

/** What of a zod issue this module reads (zod's own `$ZodIssue` has these, and more). */
type Issue = { code: string; path: PropertyKey[]; message: string };

/** A contract schema, as far as checking a form needs one. */
export type ContractSchema<T> = {
  safeParse(data: unknown, params?: { error?: typeof persianErrorMap }): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
};

/**
 * The screen's own sentences for a field, by the issue's code (`too_small`, `too_big`,
 * `invalid_format`…) or for any issue (`default`); one string stands for every issue. Without
 * one, the contract's Persian sentence is shown (`zod-fa.ts`).
 */
export type FieldSentences = string | Partial<Record<string, string>>;

export type FormCheck<T, K extends string> = { ok: true; data: T; errors: Partial<Record<K, string>> } | { ok: false; errors: Partial<Record<K, string>> };

function sentence(issue: Issue, own: FieldSentences | undefined): string {
  if (typeof own === 'string') return own;
  return own?.[issue.code] ?? own?.default ?? issue.message;
}

/**
 * Checks `values` with the contract's `schema`: the parsed body when it passes, else the first
 * problem of each field in Persian. A nested field's problem (`features.0`) belongs to its field
 * (`features`), as the server's 422 does for a form.
 */
export function checkForm<T, K extends string = string>(schema: ContractSchema<T>, values: unknown, sentences: Partial<Record<K, FieldSentences>> = {}): FormCheck<T, K> {
  const result = schema.safeParse(values, { error: persianErrorMap });
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: Partial<Record<K, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (errors[field] === undefined) errors[field] = sentence(issue, sentences[field]);
  }
  return { ok: false, errors };
}

/** The first problem of each field (none when the values pass). */
export const formErrors = <K extends string = string>(schema: ContractSchema<unknown>, values: unknown, sentences?: Partial<Record<K, FieldSentences>>) =>
  checkForm<unknown, K>(schema, values, sentences).errors;
