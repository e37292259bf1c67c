import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';

/** The frame of the premium pages: heading, a line of intro, something on the far side. */
export function PremiumPage({ title, intro, action, children, testId, maxWidth = 'lg' }: { title: string; intro?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string; maxWidth?: 'md' | 'lg' }) {
  useDocumentTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 4 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: { xs: 2.5, md: 3.5 } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 0.75, lineHeight: 1.9, maxWidth: 760 }}>
              {intro}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      {children}
    </Container>
  );
}
