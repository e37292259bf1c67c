/**
 * @parde/persian — Persian text, numbers and dates for Parde (پرده).
 *
 * Pure functions on Intl and ECMAScript built-ins only, so the same code runs in the API,
 * the import scripts and the browser.
 */

export * from './normalize';
export * from './tokens';
export * from './typos';
export * from './digits';
export * from './jalali';
export * from './slug';
export * from './messages';
