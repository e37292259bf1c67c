import { toLatinDigits } from '@parde/persian';

/** What proves the account holder (contract: managing profiles, leaving a kids profile): the password or the main PIN. */
export type HolderProof = { password?: string; main_pin?: string };
export type ProofKind = 'password' | 'main_pin';

export const toProof = (kind: ProofKind, value: string): HolderProof => (kind === 'password' ? { password: value } : { main_pin: toLatinDigits(value) });

/** A PIN as the viewer typed it (Persian, Arabic or Latin digits), kept to four Latin digits. */
export const cleanPin = (typed: string) =>
  toLatinDigits(typed)
    .replace(/\D/g, '')
    .slice(0, 4);

export const isPin = (s: string) => /^\d{4}$/.test(s);
