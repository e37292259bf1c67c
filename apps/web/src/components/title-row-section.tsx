import type { TitleCard as TitleCardData } from '@parde/contract';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Section } from './section';
import { TitleCard, TitleCardSkeleton } from './title-card';
import { HorizontalRow } from './title-row';

type Props = {
  title: string;
  titles: TitleCardData[] | undefined;
  isPending: boolean;
  emptyText: string;
  action?: ReactNode;
  testId?: string;
  /** Hide the whole section when the list comes back empty. */
  hideWhenEmpty?: boolean;
};

/** A titled horizontal row of title cards, with its skeleton and its empty state. */
export function TitleRowSection({ title, titles, isPending, emptyText, action, testId, hideWhenEmpty = false }: Props) {
  if (!isPending && hideWhenEmpty && (!titles || titles.length === 0)) return null;
  return (
    <Section title={title} action={action} testId={testId}>
      {isPending ? (
        <HorizontalRow label={title}>
          {Array.from({ length: 7 }, (_, i) => (
            <li key={i}>
              <TitleCardSkeleton />
            </li>
          ))}
        </HorizontalRow>
      ) : titles && titles.length > 0 ? (
        <HorizontalRow label={title} deps={[titles]}>
          {titles.map((t) => (
            <li key={t.id}>
              <TitleCard title={t} />
            </li>
          ))}
        </HorizontalRow>
      ) : (
        <div>
          <EmptyState message={emptyText} compact />
        </div>
      )}
    </Section>
  );
}
