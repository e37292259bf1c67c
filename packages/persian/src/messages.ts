/**
 * Generic user-facing Persian messages shared by the API and the web app.
 * Screen-specific wording belongs to the screen, not here.
 */

/**
 * The default error sentence, shown when a call fails without a message of its own
 * (spec §8: "a problem occurred in performing the process").
 */
export const DEFAULT_ERROR_MESSAGE = 'مشکلی در انجام عملیات پیش آمد.';
