import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { messages } from './messages';
import { useDocumentTitle } from './use-document-title';

type Props = { code?: string; title: string; body: string; actions?: ReactNode };

/** The frame of the error and not-found pages. */
export function StatusPage({ code, title, body, actions }: Props) {
  useDocumentTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, sm: 10 }, textAlign: 'center' }}>
      {code && (
        <Typography aria-hidden="true" sx={{ fontSize: '4.5rem', fontWeight: 700, lineHeight: 1, color: 'text.secondary' }}>
          {code}
        </Typography>
      )}
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mt: 2, mb: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {body}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
        {actions}
        <Button component={RouterLink} to={paths.home.getHref()} variant="outlined" color="inherit">
          {messages.backHome}
        </Button>
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  return <StatusPage code={messages.notFoundCode} title={messages.notFoundTitle} body={messages.notFoundBody} />;
}
