import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { messages } from './messages';
import { useDocumentTitle } from './use-document-title';

/** Stands in for a screen until its own issue lands: the page's name as its heading. */
export function PagePlaceholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{messages.comingSoonNote}</Typography>
    </Container>
  );
}
