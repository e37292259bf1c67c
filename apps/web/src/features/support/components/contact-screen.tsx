import EmailIcon from '@mui/icons-material/Email';
import InstagramIcon from '@mui/icons-material/Instagram';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TelegramIcon from '@mui/icons-material/Telegram';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ContactInput } from '@parde/contract';
import type { ReactElement } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readRuntimeConfig } from '../../../config/env';
import { messages } from '../messages';
import { ContactForm } from './contact-form';
import { ACCENT_SOLID } from '../../../components/accent';

const ch = messages.channel;

type Channel = { key: string; href: string; label: string; note: string; handle: string; icon: ReactElement };

/** The handle part of a social link («t.me/parde» → «parde»), for showing. */
function handleOf(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split('/').filter(Boolean).pop();
    return last ? `@${last}` : u.host;
  } catch {
    return url;
  }
}

function channels(): Channel[] {
  const { social, supportEmail } = readRuntimeConfig();
  const list: Channel[] = [];
  if (social.telegram) list.push({ key: 'telegram', href: social.telegram, label: ch.telegram, note: ch.telegramNote, handle: handleOf(social.telegram), icon: <TelegramIcon /> });
  if (supportEmail) list.push({ key: 'email', href: `mailto:${supportEmail}`, label: ch.email, note: ch.emailNote, handle: supportEmail, icon: <EmailIcon /> });
  if (social.instagram) list.push({ key: 'instagram', href: social.instagram, label: ch.instagram, note: ch.instagramNote, handle: handleOf(social.instagram), icon: <InstagramIcon /> });
  if (social.x) list.push({ key: 'x', href: social.x, label: ch.x, note: ch.xNote, handle: handleOf(social.x), icon: <XIcon /> });
  return list;
}

/** `contact`: the site's support channels and the form that reaches the operators. */
export function ContactScreen({ defaults }: { defaults?: Partial<ContactInput> }) {
  useDocumentTitle(messages.heading);
  const list = channels();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {messages.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '70ch', lineHeight: 2 }}>
        {messages.intro}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: { xs: 4, md: 5 }, mt: 4, alignItems: 'start' }}>
        <Box component="section" aria-labelledby="contact-channels">
          <Typography id="contact-channels" component="h2" sx={{ fontWeight: 700, fontSize: '1.15rem', mb: 2 }}>
            {messages.channels}
          </Typography>
          {list.length === 0 ? (
            <Typography color="text.secondary">{ch.none}</Typography>
          ) : (
            <Box component="ul" data-testid="support-channels" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {list.map((c) => (
                <li key={c.key}>
                  <Box
                    component="a"
                    href={c.href}
                    target={c.key === 'email' ? undefined : '_blank'}
                    rel="noopener noreferrer"
                    data-channel={c.key}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 2,
                      p: 2,
                      borderRadius: 2,
                      border: 1,
                      borderColor: 'divider',
                      bgcolor: 'background.paper',
                      color: 'inherit',
                      textDecoration: 'none',
                      '&:hover, &:focus-visible': { borderColor: 'secondary.main' },
                    }}
                  >
                    <Box aria-hidden="true" sx={{ width: 44, height: 44, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: ACCENT_SOLID, color: '#fff', flexShrink: 0 }}>
                      {c.icon}
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Box sx={{ fontWeight: 700 }}>{c.label}</Box>
                      <Box dir="ltr" sx={{ fontFamily: 'Rubik, sans-serif', fontSize: '0.85rem', textAlign: 'end', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {c.handle}
                      </Box>
                      <Box sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>{c.note}</Box>
                    </Box>
                  </Box>
                </li>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 2, color: 'text.secondary', fontSize: '0.85rem', lineHeight: 1.9 }}>
            <ScheduleIcon fontSize="small" aria-hidden="true" sx={{ mt: 0.25 }} />
            <span>{messages.hours}</span>
          </Box>
        </Box>
        <Box component="section" aria-labelledby="contact-form-heading" sx={{ p: { xs: 2, md: 3 }, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Typography id="contact-form-heading" component="h2" sx={{ fontWeight: 700, fontSize: '1.15rem', mb: 2.5 }}>
            {messages.form.heading}
          </Typography>
          <ContactForm defaults={defaults} />
        </Box>
      </Box>
    </Container>
  );
}
