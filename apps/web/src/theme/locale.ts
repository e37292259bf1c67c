import { faIR } from '@mui/material/locale';
import { toPersianDigits } from '../lib/persian';

/** The pagination's labels: faIR's, with Persian digits. */
export const PAGINATION_LABEL = 'ناوبری صفحه';
export function pageItemLabel(type: string, page: number | null, selected: boolean): string {
  if (type === 'page') return `${selected ? '' : 'رفتن به '}صفحهٔ ${toPersianDigits(page ?? '')}`;
  if (type === 'first') return 'رفتن به اولین صفحه';
  if (type === 'last') return 'رفتن به آخرین صفحه';
  if (type === 'next') return 'رفتن به صفحه‌ی بعدی';
  return 'رفتن به صفحه‌ی قبلی';
}

/**
 * MUI's `faIR` labels (pagination, rating, autocomplete, alert close, breadcrumbs expand),
 * with the numbers it leaves in Latin digits rewritten in Persian ones.
 */
export const persianLocale = {
  components: {
    ...faIR.components,
    MuiRating: {
      defaultProps: {
        getLabelText: (value: number) => `${toPersianDigits(value)} ستاره`,
        emptyLabelText: 'خالی',
      },
    },
    MuiPagination: {
      defaultProps: {
        'aria-label': PAGINATION_LABEL,
        getItemAriaLabel: pageItemLabel,
      },
    },
  },
};
