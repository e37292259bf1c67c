import type { TitleCard as TitleCardData } from '@parde/contract';
import type { ReactNode } from 'react';
import { ServerDrawn } from './server-drawn';
import { TitleCard, TitleCardSkeleton } from './title-card';

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
    // 2 columns on a phone, up to 6 on a desktop (.p-grid in theme/catalogue.css): 24 per page fills every row.
    // Kept as the server drew it while the titles stay the same (components/server-drawn.tsx).
    <ServerDrawn deps={[titles, linkSearch, rankFrom]} aria-label={label} data-testid="title-grid" className="p-grid">
      {titles.map((t, i) => (
        <li key={t.id}>
          <TitleCard title={t} linkSearch={linkSearch} note={note?.(t, i)} rank={rankFrom === undefined ? undefined : rankFrom + i} priority={i < eagerCount} />
        </li>
      ))}
    </ServerDrawn>
  );
}

export function TitleGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className="p-grid" role="presentation" data-testid="title-grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <TitleCardSkeleton key={i} />
      ))}
    </div>
  );
}
