import { afterEach, beforeEach } from 'vitest';
import { api, HttpError, type RequestConfig } from '../lib/api-client';

/** What a paged route holds: how many rows, and the row at a 1-based position. */
export interface PagedRows<T> {
  total: number;
  row: (n: number) => T;
}

/**
 * A fake API for a component test that pages a long list (a season's episodes, a person's
 * titles): each request the `rows` callback knows is answered with the page its `page` and
 * `per_page` ask for, in the route's `{ data, meta }` shape; any other request fails the test.
 * Set `failNext` to have the next request refused (429), as a busy server would.
 */
export function fakePagedApi<T>(rows: (url: string, params: Record<string, unknown>) => PagedRows<T> | undefined): { seen: RequestConfig[]; failNext: boolean } {
  const state = { seen: [] as RequestConfig[], failNext: false };
  const originalAdapter = api.defaults.adapter;
  beforeEach(() => {
    state.seen = [];
    state.failNext = false;
    api.defaults.adapter = async (config) => {
      state.seen.push(config);
      const list = rows(config.url ?? '', (config.params ?? {}) as Record<string, unknown>);
      if (!list) throw new Error(`unexpected ${config.url}`);
      if (state.failNext) {
        state.failNext = false;
        throw new HttpError('x', config, { data: { message: 'خطا' }, status: 429 });
      }
      const { page, per_page: perPage } = config.params as { page: number; per_page: number };
      const from = (Number(page) - 1) * Number(perPage) + 1;
      const to = Math.min(list.total, Number(page) * Number(perPage));
      const data = Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => list.row(from + k));
      const meta = { currentPage: Number(page), lastPage: Math.ceil(list.total / Number(perPage)), perPage: Number(perPage), total: list.total };
      return { data: { data, meta }, status: 200, headers: new Headers(), config };
    };
  });
  afterEach(() => {
    api.defaults.adapter = originalAdapter;
  });
  return state;
}
