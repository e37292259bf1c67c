import { errorMessages, type ErrorCode } from './messages';

/** A failure the client should hear about: a stable code, its HTTP status and a Persian message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message?: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
  }

  static notFound(message?: string) {
    return new AppError('NOT_FOUND', 404, message);
  }

  /** A 422 for one or more form fields, the way a server-side rule (a taken email) reports it. */
  static validation(errors: Record<string, string[]>, message?: string) {
    return new AppError('VALIDATION_FAILED', 422, message, errors);
  }
}
