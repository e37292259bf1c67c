import { z } from 'zod';

/** Every error the API sends: a Persian sentence for people and a stable code for programs. */
export const errorResponse = z
  .object({
    message: z.string(),
    code: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** 422: the form's fields, each with its Persian messages. */
export const validationErrorResponse = z
  .object({
    message: z.string(),
    code: z.literal('VALIDATION_FAILED'),
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: 'ValidationError' });
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;

export const paginationMeta = z.object({
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  /**
   * Only on a title list too long to count at once (over 10,000 titles): `total` is then the
   * database's estimate, rounded to two digits, and screens say «حدود» before it (decision 42).
   */
  estimated: z.literal(true).optional(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

/** `{data: [...], meta}` — the shape of every paged list. */
export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: paginationMeta });

/** `{data: {...}}` — the shape of every single thing. */
export const single = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** The last page any list serves: a deeper page is a 422, so no list names one past it. */
export const MAX_PAGE = 10_000;

/** Query parameters arrive as strings; these coerce them and keep bad values a 422. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
});

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
