import EmailIcon from 'plain-icon:Email';
import InstagramIcon from 'plain-icon:Instagram';
import ScheduleIcon from 'plain-icon:Schedule';
import TelegramIcon from 'plain-icon:Telegram';
import XIcon from 'plain-icon:X';
import type { ContactInput } from '@parde/contract';
import type { ReactElement } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readRuntimeConfig } from '../../../config/env';
import { messages } from '../messages';
import { ContactForm } from './contact-form';

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

/**
 * `contact`: the site's support channels and the form that reaches the operators. Plain elements
 * (theme/pages.css), so the page loads none of MUI's code.
 */
export function ContactScreen({ defaults }: { defaults?: Partial<ContactInput> }) {
  useDocumentTitle(messages.heading);
  const list = channels();
  return (
    <div className="p-container p-contact">
      <h1 className="p-contact__title">{messages.heading}</h1>
      <p className="p-contact__intro">{messages.intro}</p>
      <div className="p-contact__grid">
        <section aria-labelledby="contact-channels">
          <h2 id="contact-channels" className="p-contact__h2">
            {messages.channels}
          </h2>
          {list.length === 0 ? (
            <p className="p-contact__none">{ch.none}</p>
          ) : (
            <ul data-testid="support-channels" className="p-channels">
              {list.map((c) => (
                <li key={c.key}>
                  <a href={c.href} target={c.key === 'email' ? undefined : '_blank'} rel="noopener noreferrer" data-channel={c.key} className="p-channel">
                    <span aria-hidden="true" className="p-channel__icon">
                      {c.icon}
                    </span>
                    <span className="p-channel__text">
                      <span className="p-channel__label">{c.label}</span>
                      <span dir="ltr" className="p-channel__handle p-latin">
                        {c.handle}
                      </span>
                      <span className="p-channel__note">{c.note}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          <div className="p-contact__hours">
            <ScheduleIcon fontSize="small" aria-hidden="true" className="p-contact__hours-icon" />
            <span>{messages.hours}</span>
          </div>
        </section>
        <section aria-labelledby="contact-form-heading" className="p-sheet p-contact__form">
          <h2 id="contact-form-heading" className="p-contact__h2 p-contact__h2--form">
            {messages.form.heading}
          </h2>
          <ContactForm defaults={defaults} />
        </section>
      </div>
    </div>
  );
}
