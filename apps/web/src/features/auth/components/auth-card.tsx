import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';

/** The frame of every auth screen: one narrow card with the page's heading. */
export function AuthCard({ title, intro, children, footer, testId }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode; testId?: string }) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, bgcolor: 'background.paper' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '1.8rem' }, mb: 1 }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 3, lineHeight: 1.9 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Paper>
      {footer && <Box sx={{ mt: 2.5, textAlign: 'center', color: 'text.secondary' }}>{footer}</Box>}
    </Container>
  );
}
