import type { ReactNode } from 'react';
import { useId } from 'react';

/*
 * Native controls, light to load and with native pickers on phones; their shared look is
 * `.p-control` in theme/catalogue.css.
 */

type Option = { value: string; label: string };

/** A labelled native `<select>`. The label sits above on desktop and stays readable on phones. */
export function FilterSelect({ label, value, options, onChange, testId }: { label: string; value: string; options: Option[]; onChange: (v: string) => void; testId?: string }) {
  const id = useId();
  return (
    <div className="p-field">
      <label htmlFor={id} className="p-field__label">
        {label}
      </label>
      <select id={id} value={value} data-testid={testId} onChange={(e) => onChange(e.target.value)} className="p-control p-select">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A pressed/not-pressed button, for the type switch and the dubbed-only toggle (pressed: the accent fill). */
export function ToggleChip({ pressed, onClick, children, testId }: { pressed: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onClick} data-testid={testId} className="p-control p-toggle">
      {children}
    </button>
  );
}
