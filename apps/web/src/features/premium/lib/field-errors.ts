import { getErrorMessage } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first Persian sentence for each of `fields` in a 422's `errors`; other fields are ignored. */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  return fieldErrorsOf(error, { only: fields }) as FieldErrors<K>;
}

/**
 * A failed submit, split for the form: sentences under the fields they belong to, and the
 * server's message above the button unless a field already says it.
 */
export function formFailure<K extends string>(error: unknown, fields: readonly K[]): { fields: FieldErrors<K>; form: string | null } {
  const byField = serverFieldErrors(error, fields);
  const message = getErrorMessage(error);
  const said = Object.values(byField).includes(message);
  return { fields: byField, form: said ? null : message };
}
