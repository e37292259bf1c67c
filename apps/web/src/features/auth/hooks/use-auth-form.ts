import { useId, useState } from 'react';
import { typedIn, useAdoptTyped } from '../../../lib/server-drawn-form';
import type { AuthResult, FieldErrors } from '../lib/auth-result';

/**
 * The state every auth form shares: values, a problem per field (ours before sending, the
 * server's 422 after), one form-level message, and whether a call is running.
 */
export function useAuthForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Focus goes through the DOM by id: a ref in the returned object would make the whole
  // object a ref to the React compiler's rules.
  const formId = useId();
  // The server draws the form (lib/server-drawn-form): text typed before the app took over is kept.
  useAdoptTyped(formId, (form) => {
    const typed = typedIn(form, Object.keys(initial) as F[]);
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
  });

  const focusField = (name: string) => document.getElementById(formId)?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  const focusFirst = (e: FieldErrors) => {
    const first = (Object.keys(initial) as F[]).find((k) => e[k]);
    if (first) focusField(first);
  };

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
    },
  });

  /** Runs the call unless `local` has problems; shows the failure where it belongs. */
  async function submit<T>(local: FieldErrors, run: () => Promise<AuthResult<T>>): Promise<AuthResult<T> | null> {
    setFormError(null);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      focusFirst(local);
      return null;
    }
    setPending(true);
    const result = await run();
    setPending(false);
    if (!result.ok) {
      const known = Object.fromEntries(Object.entries(result.fieldErrors).filter(([k]) => k in initial));
      setErrors(known);
      setFormError(result.message);
      focusFirst(known);
    }
    return result;
  }

  return { values, setValues, errors, setErrors, formError, setFormError, pending, field, submit, formId, focusField };
}
