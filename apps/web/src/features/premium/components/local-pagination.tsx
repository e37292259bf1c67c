import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import { toPersianDigits } from '@parde/persian';
import { solidAccent } from '../../../components/accent';

/**
 * Pages of a list inside a bigger page (receipts on the dashboard, gifts): buttons rather than
 * links, so paging one list leaves the page's URL and the other lists alone.
 */
export function LocalPagination({ page, lastPage, onChange }: { page: number; lastPage: number; onChange: (page: number) => void }) {
  if (lastPage <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Pagination
        page={Math.min(page, lastPage)}
        count={lastPage}
        onChange={(_, next) => onChange(next)}
        siblingCount={0}
        size="small"
        shape="rounded"
        sx={{ '& .MuiPaginationItem-root.Mui-selected': solidAccent }}
        renderItem={(item) => <PaginationItem {...item} page={item.page === null ? null : toPersianDigits(item.page)} />}
      />
    </Box>
  );
}
