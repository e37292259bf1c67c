import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_API_BASE, getApiBase, readRuntimeConfig } from './env';

const loc = (href: string) => {
  const u = new URL(href);
  return { protocol: u.protocol, hostname: u.hostname, host: u.host };
};

describe('getApiBase (spec §7)', () => {
  it.each([
    ['https://parde.ir/', 'https://api.parde.ir'],
    ['https://www.parde.ir/titles/1/x', 'https://api.parde.ir'],
    ['https://app.parde.ir/', 'https://api.parde.ir'],
    ['https://m.parde.ir/', 'https://api.parde.ir'],
    ['http://www.staging.parde.ir:8080/', 'http://api.staging.parde.ir:8080'],
    // only one leading label is removed, and only those three
    ['https://www.m.parde.ir/', 'https://api.m.parde.ir'],
    ['https://mobile.parde.ir/', 'https://api.mobile.parde.ir'],
    ['https://wwwparde.ir/', 'https://api.wwwparde.ir'],
  ])('%s → %s', (href, expected) => {
    expect(getApiBase(loc(href), 'http://ignored.example')).toBe(expected);
  });

  it.each(['http://localhost:5173/', 'http://127.0.0.1:8000/', 'http://192.168.1.20:8000/', 'http://[::1]:8000/'])(
    'uses the configured base on %s',
    (href) => {
      expect(getApiBase(loc(href), 'http://127.0.0.1:9999')).toBe('http://127.0.0.1:9999');
      expect(getApiBase(loc(href), '')).toBe('');
    },
  );

  it('falls back to http://localhost:8000 on localhost when nothing is configured', () => {
    expect(getApiBase(loc('http://localhost:5173/'), null)).toBe(DEFAULT_LOCAL_API_BASE);
    expect(DEFAULT_LOCAL_API_BASE).toBe('http://localhost:8000');
  });
});

describe('readRuntimeConfig', () => {
  it('gives all-null defaults when the script did not load', () => {
    expect(readRuntimeConfig(undefined)).toEqual({
      apiBase: null,
      analytics: { url: null, siteId: null },
      social: { telegram: null, instagram: null, x: null },
      supportEmail: null,
      jalaliYear: null,
    });
  });

  it('reads window.__PARDE__, trimming and dropping empty values', () => {
    window.__PARDE__ = {
      apiBase: 'http://127.0.0.1:8123/',
      analytics: { url: 'https://stats.example/', siteId: ' abc ' },
      social: { telegram: 'https://t.me/parde', instagram: '', x: null },
      supportEmail: 'help@parde.ir',
      jalaliYear: 1405,
    };
    expect(readRuntimeConfig()).toEqual({
      apiBase: 'http://127.0.0.1:8123',
      analytics: { url: 'https://stats.example', siteId: 'abc' },
      social: { telegram: 'https://t.me/parde', instagram: null, x: null },
      supportEmail: 'help@parde.ir',
      jalaliYear: 1405,
    });
  });

  it('ignores garbage', () => {
    expect(readRuntimeConfig({ apiBase: 5, analytics: 'x', social: [1] })).toEqual(readRuntimeConfig(null));
  });
});
