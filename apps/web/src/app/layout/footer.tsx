import EmailIcon from '@mui/icons-material/Email';
import InstagramIcon from '@mui/icons-material/Instagram';
import TelegramIcon from '@mui/icons-material/Telegram';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { readRuntimeConfig } from '../../config/env';
import { mobileMedia } from '../../theme/media';
import { messages } from '../messages';
import { BOTTOM_BAR_HEIGHT } from './bottom-bar';

/** The Jalali year in Persian digits, e.g. «۱۴۰۴». */
export function persianYear(date: Date = new Date()): string {
  return new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', { year: 'numeric', timeZone: 'Asia/Tehran' }).format(date);
}

/** Spec §2: the copyright line and the messaging, photo-sharing and microblog links. */
export function Footer() {
  const { social, supportEmail } = readRuntimeConfig();
  const links: { key: string; href: string; label: string; icon: ReactElement }[] = [];
  if (social.telegram) links.push({ key: 'telegram', href: social.telegram, label: messages.footer.telegram, icon: <TelegramIcon /> });
  if (social.instagram) links.push({ key: 'instagram', href: social.instagram, label: messages.footer.instagram, icon: <InstagramIcon /> });
  if (social.x) links.push({ key: 'x', href: social.x, label: messages.footer.x, icon: <XIcon /> });
  if (supportEmail) links.push({ key: 'email', href: `mailto:${supportEmail}`, label: messages.footer.email, icon: <EmailIcon /> });

  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        [mobileMedia]: { pb: `${BOTTOM_BAR_HEIGHT}px` },
      }}
    >
      <Container
        maxWidth="lg"
        sx={{ py: 2.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="text.secondary">
          {messages.footer.copyright(persianYear())}
        </Typography>
        {links.length > 0 && (
          <Stack component="ul" direction="row" spacing={0.5} aria-label={messages.footer.social} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {links.map((l) => (
              <li key={l.key}>
                <IconButton
                  component="a"
                  href={l.href}
                  target={l.key === 'email' ? undefined : '_blank'}
                  rel="noopener noreferrer"
                  aria-label={l.label}
                  data-social={l.key}
                  sx={{ color: 'text.secondary', '&:hover': { color: 'text.primary' } }}
                >
                  {l.icon}
                </IconButton>
              </li>
            ))}
          </Stack>
        )}
      </Container>
    </Box>
  );
}
