import type { ReactNode } from 'react';
import { useId } from 'react';

type Props = {
  title: ReactNode;
  /** Shown on the heading line's far end: a "see all" link, a count. */
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  children: ReactNode;
  testId?: string;
};

/** A titled part of a page, labelled by its heading. Plain elements styled by theme/catalogue.css. */
export function Section({ title, action, headingLevel: Heading = 'h2', children, testId }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className="p-section">
      <div className="p-section__head">
        <Heading id={id} className="p-h6 p-section__title">
          {title}
        </Heading>
        {action}
      </div>
      {children}
    </section>
  );
}
