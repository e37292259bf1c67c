import { toPersianDigits } from '../lib/persian';

/**
 * The pagination's labels: MUI's faIR ones, with Persian digits. A plain module, so the page
 * links of the public screens (components/list-pagination.tsx) use them without MUI's locale.
 */
export const PAGINATION_LABEL = 'ناوبری صفحه';
export function pageItemLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page') return `${selected ? '' : 'رفتن به '}صفحهٔ ${toPersianDigits(page ?? '')}`;
  if (type === 'first') return 'رفتن به اولین صفحه';
  if (type === 'last') return 'رفتن به آخرین صفحه';
  if (type === 'next') return 'رفتن به صفحه‌ی بعدی';
  return 'رفتن به صفحه‌ی قبلی';
}
