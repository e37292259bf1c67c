import SentimentDissatisfiedIcon from '@mui/icons-material/SentimentDissatisfied';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { messages } from '../messages';

/** A message in place of results: too short, searching, failed, or nothing found. */
export function ResultsNote({ children, icon, testId }: { children: ReactNode; icon?: ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, px: 2, py: 4, color: 'text.secondary', textAlign: 'center' }}
    >
      {icon}
      <Box component="p" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** Spec §2/§8: an empty result shows a sad face and says nothing was found. */
export function NothingFound() {
  return (
    <ResultsNote testId="search-empty" icon={<SentimentDissatisfiedIcon aria-hidden="true" sx={{ fontSize: 48 }} />}>
      {messages.nothingFound}
    </ResultsNote>
  );
}
