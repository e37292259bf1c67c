import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { errorMessages, type ErrorCode } from './messages';

const toPersianDigits = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

function send(reply: FastifyReply, status: number, code: ErrorCode, message?: string, extra?: object) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ message: message ?? errorMessages[code], code, ...extra });
}

/** Maps a validation issue path (`["body","email"]`) to the form field name Laravel clients expect. */
function fieldName(instancePath: string, missingProperty?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missingProperty) parts.push(missingProperty);
  return parts.join('.') || '_';
}

/** The database or Redis is down or restarting: a 503 the client may retry, not a bug. */
function isUnavailable(error: { code?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code.startsWith('08') || code === '57P01' || code === '57P03';
}

/**
 * Errors the router raises before a route is found (a malformed percent-encoding, a path parameter
 * over `maxParamLength`): Fastify answers them itself in English unless given this.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, 'BAD_REQUEST');
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'BAD_REQUEST');
  return send(reply, 500, 'INTERNAL');
}

/**
 * The one place an error becomes a response: `{message, code}` with a Persian message,
 * `errors` by field for 422, and nothing of the server's insides for 5xx.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.message, error.fieldErrors ? { errors: error.fieldErrors } : undefined);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const key = fieldName(v.instancePath);
        (errors[key] ??= []).push(v.message ?? errorMessages.VALIDATION_FAILED);
      }
      const first = Object.values(errors)[0]?.[0];
      return send(reply, 422, 'VALIDATION_FAILED', first ?? errorMessages.VALIDATION_FAILED, { errors });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      const retryAfter = Number((error as { retryAfterSeconds?: number }).retryAfterSeconds ?? reply.getHeader('retry-after')) || 60;
      reply.header('retry-after', String(retryAfter));
      return send(
        reply,
        429,
        'TOO_MANY_REQUESTS',
        `${errorMessages.TOO_MANY_REQUESTS} ${toPersianDigits(String(retryAfter))} ثانیهٔ دیگر دوباره تلاش کنید.`,
      );
    }
    if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE');
    if (status === 415) return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
    if (status === 404) return send(reply, 404, 'ROUTE_NOT_FOUND');
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length, and the like: the client's fault, not ours.
      return send(reply, status === 401 || status === 403 ? status : 400, status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST');
    }
    // Drizzle wraps the driver's error (DrizzleQueryError) and keeps it as `cause`.
    if (status === 503 || isUnavailable(error) || isUnavailable((error as { cause?: { code?: unknown } }).cause ?? {})) return send(reply, 503, 'SERVICE_UNAVAILABLE');

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL');
  });
}
