import { DEFAULT_ERROR_MESSAGE } from './persian';

type HttpErrorLike = { isHttpError: true; response?: { status?: number; data?: unknown } };

// Duck-typed rather than `instanceof HttpError`, so the query client does not pull the HTTP
// client into the first page load.
function isHttpError(error: unknown): error is HttpErrorLike {
  return typeof error === 'object' && error !== null && (error as { isHttpError?: unknown }).isHttpError === true;
}

/** HTTP status of a failed call, when the server answered at all. */
export function getErrorStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}

/** The server's Persian `message`, or the default sentence of spec §8. */
export function getErrorMessage(error: unknown): string {
  if (isHttpError(error)) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object' && 'message' in data) {
      const message = (data as { message: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return DEFAULT_ERROR_MESSAGE;
}
