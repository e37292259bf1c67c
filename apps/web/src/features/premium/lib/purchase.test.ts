import { describe, expect, it } from 'vitest';
import { isSafeGatewayUrl, parseMode, previewPeriod } from './purchase';

const now = new Date('2026-03-01T10:00:00Z');
const DAY = 86_400_000;

describe('parseMode', () => {
  it('reads reserve, and anything else as join', () => {
    expect(parseMode('reserve')).toBe('reserve');
    expect(parseMode('join')).toBe('join');
    expect(parseMode(null)).toBe('join');
    expect(parseMode('gift')).toBe('join');
  });
});

describe('previewPeriod (the API’s placement rule)', () => {
  const active = { active: true, activeUntil: '2026-03-11T10:00:00.000Z', premiumUntil: '2026-04-10T10:00:00.000Z' };

  it('without premium, join and reserve both start now', () => {
    const inactive = { active: false, activeUntil: null, premiumUntil: null };
    for (const mode of ['join', 'reserve'] as const) {
      const p = previewPeriod(inactive, mode, 30, now);
      expect(p.startsAt).toBeNull();
      expect(p.endsAt.getTime()).toBe(now.getTime() + 30 * DAY);
    }
    expect(previewPeriod(undefined, 'join', 30, now).startsAt).toBeNull();
  });

  it('a join stacks on the running subscription (before reserved plans)', () => {
    const p = previewPeriod(active, 'join', 30, now);
    expect(p.startsAt?.toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(p.endsAt.toISOString()).toBe('2026-04-10T10:00:00.000Z');
  });

  it('a reserve goes after everything already bought', () => {
    const p = previewPeriod(active, 'reserve', 90, now);
    expect(p.startsAt?.toISOString()).toBe('2026-04-10T10:00:00.000Z');
    expect(p.endsAt.getTime()).toBe(new Date('2026-04-10T10:00:00Z').getTime() + 90 * DAY);
  });

  it('an end already past counts as now', () => {
    const p = previewPeriod({ active: true, activeUntil: '2026-02-01T00:00:00Z', premiumUntil: '2026-02-01T00:00:00Z' }, 'join', 30, now);
    expect(p.startsAt).toBeNull();
  });
});

describe('isSafeGatewayUrl', () => {
  const base = 'https://parde.example/premium/join/2';
  it('takes web pages, absolute or relative', () => {
    expect(isSafeGatewayUrl('https://www.zarinpal.com/pg/StartPay/A1', base)).toBe(true);
    expect(isSafeGatewayUrl('http://127.0.0.1:4000/api/gateways/sandbox/SBX1', base)).toBe(true);
    expect(isSafeGatewayUrl('/premium/result?payment=3', base)).toBe(true);
  });
  it('refuses script and data addresses', () => {
    expect(isSafeGatewayUrl('javascript:alert(1)', base)).toBe(false);
    expect(isSafeGatewayUrl('data:text/html,hi', base)).toBe(false);
  });
});
