import EmailIcon from 'plain-icon:Email';
import InstagramIcon from 'plain-icon:Instagram';
import TelegramIcon from 'plain-icon:Telegram';
import XIcon from 'plain-icon:X';
import { toPersianDigits } from '@parde/persian';
import type { ReactElement } from 'react';
import { readRuntimeConfig } from '../../config/env';
import { messages } from '../messages';

/**
 * Spec §2: the copyright line and the messaging, photo-sharing and microblog links. Plain
 * elements styled by theme/shell.css; on a phone it leaves room for the bottom bar.
 */
export function Footer() {
  // The year comes from the server with the page's configuration: the calendar's code stays off
  // the first visit (and `Intl`'s locale data, which costs a phone tens of milliseconds).
  const { social, supportEmail, jalaliYear } = readRuntimeConfig();
  const links: { key: string; href: string; label: string; icon: ReactElement }[] = [];
  if (social.telegram) links.push({ key: 'telegram', href: social.telegram, label: messages.footer.telegram, icon: <TelegramIcon /> });
  if (social.instagram) links.push({ key: 'instagram', href: social.instagram, label: messages.footer.instagram, icon: <InstagramIcon /> });
  if (social.x) links.push({ key: 'x', href: social.x, label: messages.footer.x, icon: <XIcon /> });
  if (supportEmail) links.push({ key: 'email', href: `mailto:${supportEmail}`, label: messages.footer.email, icon: <EmailIcon /> });

  return (
    <footer className="p-footer">
      <div className="p-container p-footer__inner">
        <p className="p-body2 p-muted">{jalaliYear === null ? messages.footer.copyrightNoYear : messages.footer.copyright(toPersianDigits(jalaliYear))}</p>
        {links.length > 0 && (
          <ul aria-label={messages.footer.social} className="p-footer__social">
            {links.map((l) => (
              <li key={l.key}>
                <a
                  href={l.href}
                  target={l.key === 'email' ? undefined : '_blank'}
                  rel="noopener noreferrer"
                  // As MUI's ButtonBase: Safari's Tab then reaches it too.
                  tabIndex={0}
                  aria-label={l.label}
                  data-social={l.key}
                  className="p-icon-btn p-shell-icon-btn p-footer__link"
                >
                  {l.icon}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </footer>
  );
}
