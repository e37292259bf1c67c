import { useLayoutEffect } from 'react';

/**
 * Forms the server draws (sign-in, sign-up, forgotten password, contact) are in the page before
 * the app has taken it over. Two things must not go wrong in that gap:
 *
 * - The browser must not send the form itself: it would put the fields, a password too, in the
 *   address as a GET. `/app-start.js` cancels every submit until the app is live, and presses the
 *   button again (a click or Enter) once it is.
 * - What was typed must be kept. React leaves a hydrated input's text alone but its state is
 *   still empty, and the next render would clear the box. `useAdoptTyped` copies the boxes' text
 *   into the state right after hydration, in a layout effect: the state is current before the
 *   browser paints and before a replayed press reaches the form.
 */

/** Text fields of `form` by name that hold something. */
export function typedIn<F extends string>(form: HTMLFormElement, names: readonly F[]): Partial<Record<F, string>> {
  const typed: Partial<Record<F, string>> = {};
  for (const name of names) {
    const el = form.elements.namedItem(name);
    if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value !== '') typed[name] = el.value;
  }
  return typed;
}

/** Runs `adopt` with the form `formId` once, right after its first render in the browser. */
export function useAdoptTyped(formId: string, adopt: (form: HTMLFormElement) => void): void {
  useLayoutEffect(() => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) adopt(form);
    // Once, on mount: what was typed before the app took over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
