import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';

/** The frame of every panel section: heading, a line of intro, actions on the far side. */
export function AdminPage({ title, intro, actions, children, testId }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  useDocumentTitle(title);
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2.5 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '0.9rem' }}>
              {intro}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}
