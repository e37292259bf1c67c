import SentimentDissatisfiedIcon from '@mui/icons-material/SentimentDissatisfied';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Every list's Persian empty state: a sad face, a sentence, and maybe a way out. */
export function EmptyState({ message, action, compact = false }: { message: string; action?: ReactNode; compact?: boolean }) {
  return (
    <Box
      role="status"
      data-testid="empty-state"
      sx={{
        display: 'flex',
        flexDirection: compact ? 'row' : 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: compact ? 1.5 : 1,
        textAlign: 'center',
        py: compact ? 2.5 : { xs: 6, md: 8 },
        px: 2,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        color: 'text.secondary',
      }}
    >
      <SentimentDissatisfiedIcon aria-hidden="true" sx={{ fontSize: compact ? 28 : 56, opacity: 0.8 }} />
      <Typography sx={{ fontSize: compact ? '0.95rem' : '1.05rem' }}>{message}</Typography>
      {action && <Box sx={{ mt: compact ? 0 : 1.5 }}>{action}</Box>}
    </Box>
  );
}
