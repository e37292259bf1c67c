/**
 * The words of the auth feature the shell shows on every page: a module of their own, so a
 * first visit does not load the text of every sign-in form with them.
 */
export const shellMessages = {
  checkingSession: 'در حال بررسی ورود…',
};
