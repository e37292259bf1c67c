import { formatJalali, toPersianDigits } from '@parde/persian';

/**
 * Every mail is Persian and right-to-left: an HTML part (dir="rtl", inline styles, since mail
 * clients drop style sheets) and a plain-text part with the same words and links.
 */

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  links: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Block {
  /** Paragraphs of plain text (escaped here; line breaks kept). */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Smaller print after the button. */
  notes?: string[];
}

const noReply = 'این نامه را پرده خودکار فرستاده است؛ لطفاً به آن پاسخ ندهید.';

function render(subject: string, greeting: string, block: Block, footer = noReply): RenderedMail {
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.9;white-space:pre-wrap">${escapeHtml(s)}</p>`;
  const button = block.action
    ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(block.action.url)}" style="display:inline-block;background:#19857b;color:#ffffff;text-decoration:none;padding:12px 28px;border-radius:4px;font-weight:bold">${escapeHtml(block.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#9e9e9e;line-height:1.9">اگر دکمه کار نکرد، این نشانی را در مرورگر باز کنید:<br><a href="${escapeHtml(block.action.url)}" dir="ltr" style="color:#4db6ac;word-break:break-all">${escapeHtml(block.action.url)}</a></p>`
    : '';
  const notes = (block.notes ?? []).map((n) => `<p style="margin:0 0 8px;font-size:13px;color:#9e9e9e;line-height:1.9">${escapeHtml(n)}</p>`).join('');
  const html = `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body dir="rtl" style="margin:0;padding:0;background:#121212">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="rtl" style="background:#121212"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="rtl" style="max-width:560px;background:#1e1e1e;border-radius:8px;direction:rtl;text-align:right;font-family:Estedad,Tahoma,'Segoe UI',sans-serif;color:#eeeeee;font-size:15px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #333333;font-size:22px;font-weight:bold;color:#4db6ac">پرده</td></tr>
<tr><td style="padding:24px">
${p(greeting)}
${block.paragraphs.map(p).join('\n')}
${button}
${notes}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #333333;font-size:12px;color:#757575">${escapeHtml(footer)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  const text = [
    greeting,
    '',
    ...block.paragraphs.flatMap((s) => [s, '']),
    ...(block.action ? [`${block.action.label}:`, block.action.url, ''] : []),
    ...(block.notes ?? []),
    '',
    '—',
    'پرده',
  ].join('\n');
  return { subject, html, text, links: block.action ? [block.action.url] : [] };
}

const hello = (name: string) => `سلام ${name}،`;
/** "۶۰ دقیقه", "۲۴ ساعت": how long a mailed link works. */
const lifetime = (minutes: number) => (minutes >= 120 && minutes % 60 === 0 ? `${toPersianDigits(minutes / 60)} ساعت` : `${toPersianDigits(minutes)} دقیقه`);
const notYou = 'اگر شما این درخواست را نفرستاده‌اید، این نامه را نادیده بگیرید؛ حسابتان تغییری نمی‌کند.';

export function passwordResetMail(name: string, url: string, minutes: number): RenderedMail {
  return render('بازیابی رمز عبور پرده', hello(name), {
    paragraphs: ['درخواستی برای بازیابی رمز عبور حساب شما در پرده رسید. برای انتخاب رمز عبور تازه روی دکمهٔ زیر بزنید.'],
    action: { label: 'انتخاب رمز عبور تازه', url },
    notes: [`این پیوند تا ${lifetime(minutes)} و فقط یک بار کار می‌کند.`, notYou],
  });
}

export function loginLinkMail(name: string, url: string, minutes: number): RenderedMail {
  return render('پیوند ورود به پرده', hello(name), {
    paragraphs: ['برای ورود به حساب کاربری‌تان بدون رمز عبور روی دکمهٔ زیر بزنید.'],
    action: { label: 'ورود به پرده', url },
    notes: [`این پیوند تا ${lifetime(minutes)} و فقط یک بار کار می‌کند.`, notYou],
  });
}

/**
 * The sign-up confirmation: the link proves the mailbox, marks the email verified and signs in.
 * Until it is opened the account does not exist for anyone but this mailbox.
 */
export function verifyEmailMail(name: string, url: string, minutes: number): RenderedMail {
  return render('تأیید ایمیل و فعال‌سازی حساب پرده', hello(name), {
    paragraphs: [
      'برای ساختن حساب در پرده با این نشانی ایمیل ثبت‌نام شد. برای تأیید ایمیل و ورود به حسابتان روی دکمهٔ زیر بزنید.',
      'تا ایمیل تأیید نشود، ورود با رمز عبور ممکن نیست.',
    ],
    action: { label: 'تأیید ایمیل و ورود', url },
    notes: [
      `این پیوند تا ${lifetime(minutes)} و فقط یک بار کار می‌کند. اگر زمانش گذشت، با همان ایمیل و رمز عبور وارد شوید تا پیوند تازه‌ای برایتان فرستاده شود.`,
      'اگر شما در پرده ثبت‌نام نکرده‌اید، این نامه را نادیده بگیرید؛ بدون این پیوند هیچ حسابی با ایمیل شما فعال نمی‌شود.',
    ],
  });
}

/**
 * Someone tried to sign up with an address that already has an account: its owner hears about it
 * (the one who asked sees the same answer as for a new address). Nothing changes in the account.
 */
export function accountExistsMail(name: string, loginUrl: string, resetUrl: string, minutes: number): RenderedMail {
  return render('تلاش برای ساخت حساب تازه با ایمیل شما', hello(name), {
    paragraphs: [
      'کسی (شاید خود شما) خواست با این نشانی ایمیل در پرده حساب تازه‌ای بسازد. این ایمیل از پیش حساب دارد؛ حساب تازه‌ای ساخته نشد و در حساب شما چیزی تغییر نکرد.',
      'اگر خودتان بودید، با دکمهٔ زیر بدون رمز عبور وارد حسابتان شوید.',
      `اگر رمز عبورتان را به یاد نمی‌آورید، از این نشانی آن را بازیابی کنید:\n${resetUrl}`,
    ],
    action: { label: 'ورود به پرده', url: loginUrl },
    notes: [
      `پیوند ورود تا ${lifetime(minutes)} و فقط یک بار کار می‌کند.`,
      'اگر شما نبودید، کاری لازم نیست؛ کسی بدون رمز عبور یا دسترسی به این ایمیل وارد حسابتان نمی‌شود.',
    ],
  });
}

export function passwordChangedMail(name: string, at: Date, resetUrl: string): RenderedMail {
  return render('رمز عبور حساب پرده تغییر کرد', hello(name), {
    paragraphs: [
      `رمز عبور حساب شما در ${formatJalali(at, 'datetime')} (به وقت تهران) تغییر کرد و همهٔ دستگاه‌های دیگر از حساب خارج شدند.`,
      'اگر این کار را خودتان نکرده‌اید، همین حالا رمز عبورتان را بازیابی کنید.',
    ],
    action: { label: 'بازیابی رمز عبور', url: resetUrl },
  });
}

export function contactMail(input: { id: number; name: string; email: string; subject: string; message: string; memberId: number | null; at: Date }): RenderedMail {
  // A subject is one line: a line break in it must never reach the mail's headers.
  const topic = input.subject.replace(/\s*[\r\n]+\s*/g, ' ');
  const subject = `پیام تازه از فرم تماس: ${topic}`;
  return render(subject, 'پیام تازه‌ای از فرم تماس پرده رسید.', {
    paragraphs: [
      `فرستنده: ${input.name} <${input.email}>`,
      input.memberId ? `عضو شمارهٔ ${toPersianDigits(input.memberId)}` : 'بازدیدکننده (بدون حساب)',
      `زمان: ${formatJalali(input.at, 'datetime')}`,
      `موضوع: ${topic}`,
      input.message,
    ],
    notes: [`شمارهٔ پیام: ${toPersianDigits(input.id)}`],
  }, 'برای پاسخ به فرستنده، به همین نامه پاسخ دهید.');
}
