import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { toPersianDigits } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { mobileMedia } from '../theme/theme';
import { solidAccent } from './accent';

type Props = {
  page: number;
  lastPage: number;
  /** The URL of a page: pagination is links, so the back button and shared links work. */
  hrefFor: (page: number) => string;
};

/**
 * Page links with the faIR labels of the theme (رفتن به صفحهٔ …) and Persian digits. Fewer
 * siblings on a phone so it fits 375 px.
 */
export function ListPagination({ page, lastPage, hrefFor }: Props) {
  if (lastPage <= 1) return null;
  const render = (siblings: number, size: 'small' | 'medium', display: object) => (
    <Pagination
      page={Math.min(page, lastPage)}
      count={lastPage}
      siblingCount={siblings}
      boundaryCount={1}
      size={size}
      shape="rounded"
      sx={{ ...display, '& .MuiPaginationItem-root.Mui-selected': solidAccent }}
      renderItem={(item) => (
        <PaginationItem
          {...item}
          page={item.page === null ? null : toPersianDigits(item.page)}
          {...(item.type === 'start-ellipsis' || item.type === 'end-ellipsis' || item.disabled || item.page === null
            ? {}
            : { component: RouterLink, to: hrefFor(item.page) })}
        />
      )}
    />
  );
  return (
    <Box data-testid="pagination" sx={{ display: 'flex', justifyContent: 'center', mt: 4, '& ul': { flexWrap: 'nowrap' } }}>
      {render(1, 'medium', { [mobileMedia]: { display: 'none' } })}
      {render(0, 'small', { display: 'none', [mobileMedia]: { display: 'block' } })}
    </Box>
  );
}
