/** What global-setup hands to the spec files. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The API process serving the built web app, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** That server's DATA_DIR: without SMTP its mails land in `outbox/*.eml` (support/outbox.ts reads them). */
    dataDir: string;
    /** The local Umami-compatible receiver the server's ANALYTICS_URL points at. */
    analyticsUrl: string;
    analyticsSiteId: string;
    social: { telegram: string; instagram: string; x: string };
    /** Where the contact form's messages are mailed (the server's SUPPORT_EMAIL). */
    supportEmail: string;
  }
}

export {};
