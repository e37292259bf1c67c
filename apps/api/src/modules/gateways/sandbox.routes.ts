import crypto from 'node:crypto';
import { formatNumber, formatToman, toPersianDigits } from '@parde/persian';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_PAGE_PREFIX, isSandboxAuthority, sandboxReturnUrl, type SandboxTransaction } from './sandbox.gateway';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const style = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#121212;color:#eee;font-family:Estedad,Vazirmatn,Tahoma,'Segoe UI',sans-serif;line-height:1.9}
main{width:100%;max-width:460px;margin:24px 12px;background:#1e1e1e;border-radius:8px;border-top:6px solid #f9a825;overflow:hidden}
header{padding:16px 24px;border-bottom:1px solid #333}
h1{margin:0;font-size:20px}
.badge{display:inline-block;margin-top:4px;padding:0 10px;border-radius:12px;background:#f9a825;color:#121212;font-size:13px;font-weight:bold}
section{padding:16px 24px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0}
dt{color:#9e9e9e}
dd{margin:0}
.amount{font-size:24px;font-weight:bold;color:#4db6ac}
.note{font-size:13px;color:#9e9e9e}
.actions{display:flex;gap:12px;padding:0 24px 24px}
.actions form{flex:1;margin:0}
button,a.button{display:block;width:100%;padding:12px;border:0;border-radius:4px;font:inherit;font-weight:bold;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#19857b;color:#fff}
.cancel{background:#424242;color:#eee}
`;
const styleHash = `'sha256-${crypto.createHash('sha256').update(style).digest('base64')}'`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main>${body}</main></body>
</html>
`;
}

const header = `<header><h1>درگاه پرداخت آزمایشی</h1><span class="badge">محیط آزمایشی — پولی جابه‌جا نمی‌شود</span></header>`;

function transactionPage(tx: SandboxTransaction): string {
  const details = `<section><dl>
<dt>پذیرنده</dt><dd>پرده</dd>
<dt>شرح</dt><dd>${escapeHtml(tx.description)}</dd>
<dt>شمارهٔ سفارش</dt><dd>${toPersianDigits(tx.orderId)}</dd>
<dt>مبلغ</dt><dd><span class="amount">${formatToman(tx.amount)}</span><br><span class="note">${formatNumber(tx.amount * 10)} ریال</span></dd>
</dl></section>`;
  if (tx.status === 'pending') {
    const action = `${SANDBOX_PAGE_PREFIX}${tx.authority}`;
    return page(
      `پرداخت ${formatToman(tx.amount)} — درگاه آزمایشی`,
      `${header}${details}
<section><p class="note">این صفحه جای درگاه بانک است. «پرداخت» یعنی پرداخت موفق و «انصراف» یعنی پرداختی که لغو شد؛ در هر دو حالت به پرده برمی‌گردید.</p></section>
<div class="actions">
<form method="post" action="${action}"><input type="hidden" name="action" value="approve"><button type="submit" class="pay">پرداخت</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button type="submit" class="cancel">انصراف</button></form>
</div>`,
    );
  }
  const outcome = tx.status === 'approved' ? 'این پرداخت پیش‌تر انجام شده است.' : 'این پرداخت پیش‌تر لغو شده است.';
  return page(
    'درگاه آزمایشی',
    `${header}${details}<section><p>${outcome}</p></section><div class="actions"><a class="button pay" href="${escapeHtml(sandboxReturnUrl(tx))}">بازگشت به پرده</a></div>`,
  );
}

const notFoundPage = page('درگاه آزمایشی', `${header}<section><p>پرداختی با این نشانی در درگاه آزمایشی پیدا نشد.</p></section>`);

const authorityParam = z.object({ authority: z.string().max(64) });

/**
 * The sandbox gateway's test page, served by this API like a bank's page: Persian, right-to-left,
 * the amount in Persian digits, and two plain HTML forms (no script; a strict CSP of its own).
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.gateways.sandbox;
  const siteOrigin = new URL(app.deps.config.SITE_URL).origin;

  // The test page's forms post url-encoded fields; only this page takes them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const html = (reply: FastifyReply, status: number, body: string, tx?: SandboxTransaction) => {
    // After a form is sent the browser follows redirects to our callback and then the web app:
    // form-action must allow each hop's origin.
    const formTargets = new Set(["'self'", siteOrigin]);
    if (tx) formTargets.add(new URL(tx.callbackUrl).origin);
    const csp = `default-src 'none'; style-src ${styleHash}; img-src 'self' data:; form-action ${[...formTargets].join(' ')}; frame-ancestors 'none'; base-uri 'none'`;
    return reply.status(status).header('content-security-policy', csp).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  };

  app.get(`${SANDBOX_PAGE_PREFIX}:authority`, { schema: { hide: true, params: authorityParam } }, async (request, reply) => {
    const tx = isSandboxAuthority(request.params.authority) ? await sandbox.find(request.params.authority) : undefined;
    return tx ? html(reply, 200, transactionPage(tx), tx) : html(reply, 404, notFoundPage);
  });

  app.post(
    `${SANDBOX_PAGE_PREFIX}:authority`,
    { schema: { hide: true, params: authorityParam, body: z.object({ action: z.enum(['approve', 'cancel']) }) } },
    async (request, reply) => {
      const tx = isSandboxAuthority(request.params.authority) ? await sandbox.decide(request.params.authority, request.body.action) : undefined;
      if (!tx) return html(reply, 404, notFoundPage);
      return reply.header('cache-control', 'no-store').redirect(sandboxReturnUrl(tx), 303);
    },
  );
};
