import Box from '@mui/material/Box';
import type { TitleCard as TitleCardData } from '@parde/contract';
import type { ReactNode } from 'react';
import { TitleCard, TitleCardSkeleton } from './title-card';

/** 2 columns on a phone, up to 6 on a desktop: 24 per page fills every row (`.p-grid` in theme/catalogue.css for the cards). */
export const gridColumns = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
  columnGap: { xs: 1.5, md: 2 },
  rowGap: { xs: 2.5, md: 3 },
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

type Props<T extends TitleCardData> = {
  titles: T[];
  linkSearch?: string;
  note?: (t: T, index: number) => ReactNode;
  rankFrom?: number;
  label?: string;
  /** Cards in the first row load eagerly. */
  eagerCount?: number;
};

export function TitleGrid<T extends TitleCardData>({ titles, linkSearch, note, rankFrom, label, eagerCount = 0 }: Props<T>) {
  return (
    <ul aria-label={label} data-testid="title-grid" className="p-grid">
      {titles.map((t, i) => (
        <li key={t.id}>
          <TitleCard title={t} linkSearch={linkSearch} note={note?.(t, i)} rank={rankFrom === undefined ? undefined : rankFrom + i} priority={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function TitleGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <Box sx={gridColumns} role="presentation" data-testid="title-grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <TitleCardSkeleton key={i} />
      ))}
    </Box>
  );
}
