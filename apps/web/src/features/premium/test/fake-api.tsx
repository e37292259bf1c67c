import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { HttpError, type Adapter, type ApiResponse, type RequestConfig } from '../../../lib/api-client';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { api } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';

/** Test helpers of the premium screens: the API answered by a function, screens in a memory router. */

// Waiting is for a condition, not a deadline: a busy 2-core machine renders MUI screens slowly.
configure({ asyncUtilTimeout: 10_000 });

export type Handler = (config: RequestConfig) => unknown;

export const ok = (config: RequestConfig, data: unknown): ApiResponse => ({ data, status: 200, headers: new Headers(), config });

export function fail(config: RequestConfig, status: number, data: unknown): never {
  throw new HttpError('failed', config, { data, status });
}

/** Every call is recorded; `handler` answers with data (wrapped as 200) or throws through `fail`. */
export function fakeApi(handler: Handler) {
  const seen: RequestConfig[] = [];
  const original = api.defaults.adapter;
  const adapter: Adapter = async (config) => {
    seen.push(config);
    return ok(config, await handler(config));
  };
  api.defaults.adapter = adapter;
  return { seen, restore: () => void (api.defaults.adapter = original) };
}

export const body = (config: RequestConfig) => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;

export function renderRoutes(routes: RouteObject[], path: string, wrap: (node: ReactNode) => ReactNode = (n) => n) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // A fresh query cache per render, as the app's provider would give the page (the Emotion cache
  // is MuiScope's own default): a feature's test support needs nothing from app/.
  render(<QueryClientProvider client={createQueryClient()}>{wrap(<RouterProvider router={router} />)}</QueryClientProvider>);
  return router;
}

export const plans = [
  { id: 1, name: 'یک‌ماهه', days: 30, price: 99_000, discountedPrice: null, finalPrice: 99_000, discountPercent: null, monthlyPrice: 99_000, features: ['تماشای کامل'], isActive: true, path: '/premium/plans/1', joinPath: '/premium/join/1' },
  { id: 2, name: 'سه‌ماهه', days: 90, price: 297_000, discountedPrice: 249_000, finalPrice: 249_000, discountPercent: 16, monthlyPrice: 83_000, features: ['تماشای کامل', 'دانلود'], isActive: true, path: '/premium/plans/2', joinPath: '/premium/join/2' },
];

export const inactive = { active: false, activeUntil: null, daysLeft: 0, reserved: [], premiumUntil: null };
