import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PaginationMeta } from '@parde/contract';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ProgressBar } from '../../../components/progress-bar';
import { adminMessages } from '../messages';
import { AdminPager } from './url-filter';

/**
 * A panel list as a table: a progress bar until the rows come, a short note when there are none,
 * otherwise the named table with its header row; the page links under it when there are pages.
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  children,
  above,
  meta,
  hrefFor,
}: {
  label: string;
  columns: readonly string[];
  /** Undefined while loading. */
  rows: readonly T[] | undefined;
  children: (rows: readonly T[]) => ReactNode;
  /** Shown above the table when there are rows. */
  above?: ReactNode;
  meta?: PaginationMeta;
  hrefFor?: (page: number) => string;
}) {
  return (
    <>
      {rows === undefined ? (
        <ProgressBar label={adminMessages.loading} />
      ) : rows.length === 0 ? (
        <EmptyState message={adminMessages.empty} compact />
      ) : (
        <>
          {above}
          <TableContainer>
            <Table size="small" aria-label={label}>
              <TableHead>
                <TableRow>
                  {columns.map((c, i) => (
                    <TableCell key={i}>{c}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>{children(rows)}</TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {meta && hrefFor && <AdminPager meta={meta} hrefFor={hrefFor} />}
    </>
  );
}
