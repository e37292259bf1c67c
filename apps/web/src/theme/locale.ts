import { faIR } from '@mui/material/locale';
import { toPersianDigits } from '../lib/persian';
import { PAGINATION_LABEL, pageItemLabel } from './labels';

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
