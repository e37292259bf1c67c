import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { messages } from './messages';

/** The curtain mark and the Persian word mark. Decorative: callers give the accessible name. */
export function Logo({ sx, compact = false }: { sx?: SxProps<Theme>; compact?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={[{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: 32, height: 32, flexShrink: 0 }}>
        <rect x="2" y="3" width="28" height="3" rx="1.5" fill="#19857b" />
        <path d="M4 6h11c-1 7-1 15 1 23H4z" fill="#c62828" />
        <path d="M28 6H17c1 7 1 15-1 23h12z" fill="#e53935" />
      </Box>
      {!compact && (
        <Box component="span" className="logo-word" sx={{ fontWeight: 700, fontSize: '1.35rem', lineHeight: 1 }}>
          {messages.brand}
        </Box>
      )}
    </Box>
  );
}
