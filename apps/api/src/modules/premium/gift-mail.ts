import { toPersianDigits } from '@parde/persian';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface GiftMailInput {
  giverName: string;
  planName: string;
  days: number;
  /** Formatted (ABCD-EFGH-JKLM). */
  code: string;
  message: string | null;
  redeemUrl: string;
}

/**
 * The mail a gift's recipient gets: who sent it, the plan, the code and the giver's message.
 * Persian and right-to-left in the look of the site's other mails (inline styles for mail clients).
 */
export function giftMail(g: GiftMailInput): { subject: string; html: string; text: string; links: string[] } {
  const subject = `${g.giverName} به شما اشتراک ویژهٔ پرده هدیه داده است`.replace(/[\r\n]+/g, ' ');
  const days = toPersianDigits(g.days);
  const intro = `${g.giverName} اشتراک ویژهٔ «${g.planName}» (${days} روز) پرده را به شما هدیه داده است. با این کد همهٔ فیلم‌ها و سریال‌ها را کامل تماشا کنید.`;
  const how = 'وارد حساب کاربری‌تان در پرده شوید (یا حساب تازه‌ای بسازید) و کد را در صفحهٔ هدیه وارد کنید. هر کد فقط یک بار کار می‌کند.';
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.9;white-space:pre-wrap">${escapeHtml(s)}</p>`;
  const quote = g.message
    ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-right:4px solid #19857b;background:#262626;white-space:pre-wrap;line-height:1.9">${escapeHtml(g.message)}</blockquote>`
    : '';
  const html = `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body dir="rtl" style="margin:0;padding:0;background:#121212">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="rtl" style="background:#121212"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="rtl" style="max-width:560px;background:#1e1e1e;border-radius:8px;direction:rtl;text-align:right;font-family:Estedad,Tahoma,'Segoe UI',sans-serif;color:#eeeeee;font-size:15px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #333333;font-size:22px;font-weight:bold;color:#4db6ac">پرده</td></tr>
<tr><td style="padding:24px">
${p('سلام،')}
${p(intro)}
${quote}
<p style="margin:24px 0;text-align:center"><span dir="ltr" style="display:inline-block;font-family:monospace;font-size:22px;letter-spacing:2px;background:#262626;border:1px dashed #4db6ac;padding:12px 20px;border-radius:4px">${escapeHtml(g.code)}</span></p>
${p(how)}
<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(g.redeemUrl)}" style="display:inline-block;background:#19857b;color:#ffffff;text-decoration:none;padding:12px 28px;border-radius:4px;font-weight:bold">استفاده از هدیه</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #333333;font-size:12px;color:#757575">این نامه را پرده خودکار فرستاده است؛ لطفاً به آن پاسخ ندهید.</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  const text = ['سلام،', '', intro, '', ...(g.message ? [`پیام ${g.giverName}:`, g.message, ''] : []), `کد هدیه: ${g.code}`, '', how, '', 'استفاده از هدیه:', g.redeemUrl, '', '—', 'پرده'].join('\n');
  return { subject, html, text, links: [g.redeemUrl] };
}
