import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Notification } from '@parde/contract';
import { formatJalali } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { accentText } from '../../../components/accent';
import { messages } from '../messages';

/** Only the site's own paths become links; anything else stays text. */
const internal = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null);

/** One notification: heading, sentence, date; a "new" mark while it was unread on arrival. */
export function NotificationItem({ item, isNew }: { item: Notification; isNew: boolean }) {
  const link = internal(item.link);
  return (
    <Box
      component="li"
      data-testid="notification"
      data-new={isNew ? 'true' : 'false'}
      sx={{
        listStyle: 'none',
        p: { xs: 1.5, md: 2 },
        borderRadius: 2,
        border: 1,
        borderColor: isNew ? 'secondary.main' : 'divider',
        bgcolor: isNew ? 'action.hover' : 'transparent',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {isNew && (
          <Box component="span" sx={{ bgcolor: '#b71c1c', color: '#fff', borderRadius: 1, px: 0.75, fontSize: '0.72rem', fontWeight: 700 }}>
            {messages.notifications.new}
          </Box>
        )}
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {item.title}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ fontSize: '0.8rem', marginInlineStart: 'auto' }}>
          {formatJalali(item.createdAt, 'long')}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 0.5, lineHeight: 1.9, fontSize: '0.92rem' }}>
        {item.body}
      </Typography>
      {link && (
        <Link component={RouterLink} to={link} sx={(t) => ({ ...accentText(t), fontWeight: 600, fontSize: '0.9rem' })}>
          {messages.notifications.open}
        </Link>
      )}
    </Box>
  );
}
