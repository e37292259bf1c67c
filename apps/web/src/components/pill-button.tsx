import type { ReactNode } from 'react';

type Props = {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A rounded toggle in a row of choices (seasons, a person's roles): the chosen one filled with
 * the accessible teal, the others outlined (.p-pill in theme/catalogue.css). `aria-pressed`
 * tells assistive technology which.
 */
export function PillButton({ pressed, onClick, children, 'data-testid': testId }: Props) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onClick} data-testid={testId} className="p-pill">
      {children}
    </button>
  );
}
