import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { solidAccent } from '../../../components/accent';

/** Shared look of the native controls: light to load, native pickers on phones. */
export const controlSx = {
  height: 40,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  color: 'text.primary',
  font: 'inherit',
  fontSize: '0.9rem',
  px: 1.25,
  minWidth: 0,
  width: '100%',
  '&:hover': { borderColor: 'text.secondary' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 1 },
} as const;

type Option = { value: string; label: string };

/** A labelled native `<select>`. The label sits above on desktop and stays readable on phones. */
export function FilterSelect({ label, value, options, onChange, testId }: { label: string; value: string; options: Option[]; onChange: (v: string) => void; testId?: string }) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box component="label" htmlFor={id} sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="select" id={id} value={value} data-testid={testId} onChange={(e: React.ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)} sx={{ ...controlSx, cursor: 'pointer' }}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Box>
    </Box>
  );
}

/** A pressed/not-pressed button, for the type switch and the dubbed-only toggle. */
export function ToggleChip({ pressed, onClick, children, testId }: { pressed: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="button"
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      sx={{
        ...controlSx,
        width: 'auto',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.75,
        px: 1.75,
        cursor: 'pointer',
        whiteSpace: 'nowrap',
        fontWeight: pressed ? 700 : 500,
        ...(pressed ? solidAccent : {}),
      }}
    >
      {children}
    </Box>
  );
}
