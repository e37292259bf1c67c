import type { Plan } from '@parde/contract';
import { describe, expect, it } from 'vitest';
import { bestValuePlanId, formatPrice, priceView } from './price';

const plan = (over: Partial<Plan> = {}): Plan => ({
  id: 2,
  name: 'سه‌ماهه',
  days: 90,
  price: 297_000,
  discountedPrice: 249_000,
  finalPrice: 249_000,
  discountPercent: 16,
  monthlyPrice: 83_000,
  features: [],
  isActive: true,
  path: '/premium/plans/2',
  joinPath: '/premium/join/2',
  ...over,
});

describe('priceView', () => {
  it('writes Toman in Persian digits with the Persian thousands separator', () => {
    const v = priceView(plan());
    expect(v.final).toBe('۲۴۹٬۰۰۰ تومان');
    expect(v.original).toBe('۲۹۷٬۰۰۰ تومان');
    expect(v.off).toBe('۱۶٪ تخفیف');
    expect(v.monthly).toBe('ماهانه ۸۳٬۰۰۰ تومان');
    expect(v.days).toBe('۹۰ روز');
  });

  it('strikes nothing through for a plan without its own reduction, and no monthly line for a month', () => {
    const v = priceView(plan({ days: 30, price: 99_000, discountedPrice: null, finalPrice: 99_000, discountPercent: null, monthlyPrice: 99_000 }));
    expect(v).toEqual({ final: '۹۹٬۰۰۰ تومان', original: null, off: null, monthly: null, days: '۳۰ روز' });
  });

  it('shows a million with two separators and no Latin digit anywhere', () => {
    const v = priceView(plan({ days: 365, price: 1_188_000, discountedPrice: 849_000, finalPrice: 849_000, discountPercent: 28, monthlyPrice: 69_781 }));
    expect(v.original).toBe('۱٬۱۸۸٬۰۰۰ تومان');
    for (const s of Object.values(v)) expect(s ?? '').not.toMatch(/[0-9]/);
  });

  it('a "reduced" price that is not lower is not shown as a deal', () => {
    const v = priceView(plan({ discountedPrice: 297_000, finalPrice: 297_000, discountPercent: 0 }));
    expect(v.original).toBeNull();
    expect(v.off).toBeNull();
  });
});

describe('formatPrice', () => {
  it('says free for nothing to pay', () => {
    expect(formatPrice(0)).toBe('رایگان');
    expect(formatPrice(1_000)).toBe('۱٬۰۰۰ تومان');
  });
});

describe('bestValuePlanId', () => {
  it('picks the lowest price per month, the longer plan on a tie', () => {
    expect(
      bestValuePlanId([
        { id: 1, monthlyPrice: 99_000, days: 30 },
        { id: 2, monthlyPrice: 83_000, days: 90 },
        { id: 3, monthlyPrice: 69_781, days: 365 },
        { id: 4, monthlyPrice: 69_781, days: 180 },
      ]),
    ).toBe(3);
  });

  it('marks nothing when there is no choice or every plan costs the same per month', () => {
    expect(bestValuePlanId([{ id: 1, monthlyPrice: 99_000, days: 30 }])).toBeNull();
    expect(bestValuePlanId([])).toBeNull();
    expect(
      bestValuePlanId([
        { id: 1, monthlyPrice: 99_000, days: 30 },
        { id: 2, monthlyPrice: 99_000, days: 90 },
      ]),
    ).toBeNull();
  });
});
