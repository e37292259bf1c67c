import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ContentRequest } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { accentText } from '../../../components/accent';
import { messages } from '../messages';

// Dark enough for white text at 4.5:1 in both themes.
const statusColor = { pending: '#5d4037', fulfilled: '#1b5e20', rejected: '#b71c1c' } as const;

/** One content request with its status and the operators' answer. */
export function RequestItem({ item }: { item: ContentRequest }) {
  return (
    <Box component="li" data-testid="request" sx={{ listStyle: 'none', p: { xs: 1.5, md: 2 }, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {item.title}
          {item.year !== null && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {' '}({toPersianDigits(item.year)})
            </Box>
          )}
        </Typography>
        <Box component="span" sx={{ bgcolor: statusColor[item.status], color: '#fff', borderRadius: 1, px: 0.75, py: 0.1, fontSize: '0.75rem', fontWeight: 700 }}>
          {item.statusLabel}
        </Box>
        <Typography component="span" color="text.secondary" sx={{ fontSize: '0.8rem', marginInlineStart: 'auto' }}>
          {formatJalali(item.createdAt, 'long')}
        </Typography>
      </Box>
      {item.response && (
        <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '0.9rem' }}>
          {messages.requests.answer} {item.response}
        </Typography>
      )}
      {item.catalogueTitle && (
        <Link component={RouterLink} to={item.catalogueTitle.path} sx={(t) => ({ ...accentText(t), fontWeight: 600, fontSize: '0.9rem' })}>
          {messages.requests.openTitle}
        </Link>
      )}
    </Box>
  );
}
