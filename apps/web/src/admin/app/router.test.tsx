import { sitePages } from '@parde/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from './router';

function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : []), ...routePaths(r.children ?? [])]);
}

describe('the panel’s router', () => {
  it('has every screen under /admin, which the server answers with the panel’s page', () => {
    const panel = routePaths(adminRoutes[0]!.children ?? []).filter((p) => p !== '*');
    expect(panel.length).toBeGreaterThan(10);
    expect(sitePages.admin).toBe('/admin/*');
    expect(adminRoutes[0]!.path).toBe('/admin');
    expect(panel.filter((p) => !p.startsWith('/admin/'))).toEqual([]);
  });

  it('names its screens admin/routes/…, as the build’s screen-code.json does', () => {
    const ids = (list: RouteObject[]): string[] => list.flatMap((r) => [...(r.id ? [r.id] : []), ...ids(r.children ?? [])]);
    expect(ids(adminRoutes).length).toBeGreaterThan(10);
    expect(ids(adminRoutes).filter((id) => !id.startsWith('admin/routes/'))).toEqual([]);
  });
});
