import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';

/** The frame of every member page: heading, a line of intro, an action on the far side. */
export function AccountPage({ title, intro, action, children, testId }: { title: string; intro?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: { xs: 2.5, md: 3.5 } }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 0.75 }}>
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
