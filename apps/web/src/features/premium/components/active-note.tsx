import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A line about the member's running subscription, above what they are about to buy. */
export function ActiveNote({ children, testId = 'active-note' }: { children: ReactNode; testId?: string }) {
  return (
    <Box role="status" data-testid={testId} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.25, p: 1.5, mb: 3, borderRadius: 2, border: 1, borderColor: 'secondary.main', lineHeight: 1.9 }}>
      <WorkspacePremiumIcon aria-hidden="true" sx={{ color: '#f2b01e', mt: 0.4 }} />
      <Box>{children}</Box>
    </Box>
  );
}
