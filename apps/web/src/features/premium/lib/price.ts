import type { Plan } from '@parde/contract';
import { formatNumber, formatToman } from '@parde/persian';
import { messages } from '../messages';

const p = messages.price;

/** What a plan card shows about money, every number in Persian digits with thousands separators. */
export interface PriceView {
  /** What the member pays before any discount code: «۲۴۹٬۰۰۰ تومان». */
  final: string;
  /** The list price, struck through, when the plan has its own reduction. */
  original: string | null;
  /** «۱۶٪ تخفیف», with the reduction. */
  off: string | null;
  /** «ماهانه ۸۳٬۰۰۰ تومان» for plans longer than a month; null for a month or less. */
  monthly: string | null;
  days: string;
}

/** A price in Toman for people: «رایگان» for nothing, else «۹۹٬۰۰۰ تومان». */
export function formatPrice(toman: number): string {
  return toman <= 0 ? p.free : formatToman(toman);
}

export function priceView(plan: Pick<Plan, 'price' | 'finalPrice' | 'discountedPrice' | 'discountPercent' | 'monthlyPrice' | 'days'>): PriceView {
  const reduced = plan.discountedPrice !== null && plan.finalPrice < plan.price;
  return {
    final: formatPrice(plan.finalPrice),
    original: reduced ? formatToman(plan.price) : null,
    off: reduced && plan.discountPercent ? p.off(formatNumber(plan.discountPercent, 0)) : null,
    monthly: plan.days > 31 ? p.monthly(formatToman(plan.monthlyPrice)) : null,
    days: p.days(formatNumber(plan.days, 0)),
  };
}

/**
 * The plan worth marking as the best deal: the lowest price per month, when there is a choice
 * (a single plan, or several equally priced, is no "best"). Ties go to the longer plan.
 */
export function bestValuePlanId(plans: Pick<Plan, 'id' | 'monthlyPrice' | 'days'>[]): number | null {
  if (plans.length < 2) return null;
  const sorted = [...plans].sort((a, b) => a.monthlyPrice - b.monthlyPrice || b.days - a.days);
  const best = sorted[0]!;
  const worst = sorted[sorted.length - 1]!;
  return best.monthlyPrice < worst.monthlyPrice ? best.id : null;
}
