import { formatJalali } from '@parde/persian';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod, DAY_MS, placePeriod, premiumStatus } from '../src/modules/premium/periods';
import { createMemberTestApp, registerMember, type MemberTestContext } from './helpers/members';

let ctx: MemberTestContext;

beforeAll(async () => {
  ctx = await createMemberTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** Noon UTC (15:30 in Tehran): the same calendar day in both places. */
const at = (isoDay: string) => new Date(`${isoDay}T12:00:00.000Z`);
const jalali = (d: Date | string) => formatJalali(d, 'short');
const add = (userId: number, kind: 'join' | 'reserve' | 'gift', days: number, now: Date) =>
  ctx.database.db.transaction((tx) => addPeriod(tx, { userId, kind, days, planId: null, planName: 'طرح', paymentId: undefined }, now));

describe('period placement (pure)', () => {
  it('stacks whole 24-hour days on what is left, across Gregorian month ends', () => {
    const now = at('2025-01-20');
    const chain = { chainEnd: at('2025-01-31'), firstReserved: null };
    expect(placePeriod(chain, 'join', 30, now)).toEqual({ startsAt: at('2025-01-31'), endsAt: at('2025-03-02'), kind: 'join', shiftReserved: false });
    // A leap February.
    expect(placePeriod({ chainEnd: at('2024-01-31'), firstReserved: null }, 'join', 30, at('2024-01-20')).endsAt).toEqual(at('2024-03-01'));
    expect(placePeriod(chain, 'reserve', 90, now)).toMatchObject({ startsAt: at('2025-01-31'), endsAt: at('2025-05-01'), kind: 'reserve' });
  });

  it('starts now when nothing is left; a reserve without a subscription is a join', () => {
    const now = at('2025-03-10');
    const ended = { chainEnd: at('2025-03-01'), firstReserved: null };
    expect(placePeriod(ended, 'join', 30, now)).toMatchObject({ startsAt: now, endsAt: new Date(now.getTime() + 30 * DAY_MS) });
    expect(placePeriod({ chainEnd: null, firstReserved: null }, 'reserve', 30, now)).toMatchObject({ startsAt: now, kind: 'join' });
  });

  it('a join goes before waiting reserved plans and pushes them', () => {
    const chain = { chainEnd: at('2025-05-01'), firstReserved: at('2025-01-31') };
    expect(placePeriod(chain, 'join', 30, at('2025-01-20'))).toEqual({ startsAt: at('2025-01-31'), endsAt: at('2025-03-02'), kind: 'join', shiftReserved: true });
    expect(placePeriod(chain, 'gift', 30, at('2025-01-20'))).toMatchObject({ kind: 'gift', shiftReserved: true });
    expect(placePeriod(chain, 'reserve', 30, at('2025-01-20'))).toMatchObject({ startsAt: at('2025-05-01'), endsAt: at('2025-05-31') });
    expect(() => placePeriod(chain, 'join', 0, at('2025-01-20'))).toThrow(RangeError);
  });
});

describe('stacking and reserve dates on the database', () => {
  it('ending 31 January + 30 days ends on 2 March (1403/12/12); a reserve queued behind moves with a later join', async () => {
    const m = await registerMember(ctx.app);
    const now = at('2025-01-20');
    await add(m.id, 'join', 11, now); // 20 Jan → 31 Jan
    const reserved = await add(m.id, 'reserve', 90, now);
    expect(reserved).toMatchObject({ kind: 'reserve', startsAt: at('2025-01-31'), endsAt: at('2025-05-01') });
    expect(jalali(reserved.startsAt)).toBe('۱۴۰۳/۱۱/۱۲');
    expect(jalali(reserved.endsAt)).toBe('۱۴۰۴/۰۲/۱۱');

    const joined = await add(m.id, 'join', 30, now);
    expect(joined).toMatchObject({ kind: 'join', startsAt: at('2025-01-31'), endsAt: at('2025-03-02') });
    expect(jalali(joined.endsAt)).toBe('۱۴۰۳/۱۲/۱۲');

    const status = await premiumStatus(ctx.database.db, m.id, now);
    expect(status).toMatchObject({ active: true, activeUntil: at('2025-03-02').toISOString(), daysLeft: 41, premiumUntil: at('2025-05-31').toISOString() });
    expect(status.reserved).toEqual([{ id: expect.any(Number), planName: 'طرح', days: 90, startsAt: at('2025-03-02').toISOString(), endsAt: at('2025-05-31').toISOString() }]);

    // When the running part ends, the reserved plan is simply the running one.
    const later = await premiumStatus(ctx.database.db, m.id, at('2025-03-03'));
    expect(later).toMatchObject({ active: true, reserved: [], activeUntil: at('2025-05-31').toISOString(), daysLeft: 89 });
  });

  it('Esfand of leap 1403 has 30 days: 29 Esfand + 1 day is 30 Esfand, + 2 days is 1 Farvardin 1404', async () => {
    const m = await registerMember(ctx.app);
    const now = at('2025-03-18'); // 1403/12/28
    const first = await add(m.id, 'join', 1, now);
    expect(jalali(first.endsAt)).toBe('۱۴۰۳/۱۲/۲۹');
    const second = await add(m.id, 'join', 1, now);
    expect(jalali(second.endsAt)).toBe('۱۴۰۳/۱۲/۳۰');
    const third = await add(m.id, 'join', 1, now);
    expect(jalali(third.endsAt)).toBe('۱۴۰۴/۰۱/۰۱');
    const month = await add(m.id, 'reserve', 30, now);
    expect(jalali(month.startsAt)).toBe('۱۴۰۴/۰۱/۰۱');
    expect(jalali(month.endsAt)).toBe('۱۴۰۴/۰۱/۳۱');
  });

  it('in a common year (1402) 29 Esfand + 1 day is 1 Farvardin', async () => {
    const m = await registerMember(ctx.app);
    const now = at('2024-03-18'); // 1402/12/28
    await add(m.id, 'join', 1, now);
    const next = await add(m.id, 'join', 1, now);
    expect(jalali(next.startsAt)).toBe('۱۴۰۲/۱۲/۲۹');
    expect(jalali(next.endsAt)).toBe('۱۴۰۳/۰۱/۰۱');
  });

  it('a subscription that ended is not stacked on: the new one starts now', async () => {
    const m = await registerMember(ctx.app);
    await add(m.id, 'join', 30, at('2024-01-01'));
    const now = at('2025-01-31');
    const fresh = await add(m.id, 'join', 30, now);
    expect(fresh).toMatchObject({ startsAt: now, endsAt: at('2025-03-02') });
  });
});
