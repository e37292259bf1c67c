import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { seedPlansIfNone } from '../../src/modules/premium/seed-plans';
import type { TestMember } from './members';

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child: () => silentLog, level: 'silent' } as never;

export interface SeededPlans {
  monthly: { id: number; price: number };
  quarterly: { id: number; price: number };
  halfYear: { id: number; price: number };
  yearly: { id: number; price: number };
}

/** The default plans (what a fresh installation sells), by their length. */
export async function seedPlans(database: Database): Promise<SeededPlans> {
  await seedPlansIfNone({ database, log: silentLog });
  const { rows } = await database.pool.query<{ id: number; days: number; price: number }>(
    'SELECT id, days, coalesce(discounted_price, price) AS price FROM plans ORDER BY days',
  );
  const by = (days: number) => {
    const p = rows.find((r) => r.days === days);
    if (!p) throw new Error(`no ${days}-day plan`);
    return { id: p.id, price: p.price };
  };
  return { monthly: by(30), quarterly: by(90), halfYear: by(180), yearly: by(365) };
}

/** `/api/x?y` from an absolute URL the API answered with (inject takes paths). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** POSTs a purchase (join2, reserve2, gift) and expects the gateway's page back. */
export async function buy(app: App, who: TestMember, path: string, payload: object): Promise<{ url: string; paymentId: number }> {
  const res = await app.inject({ method: 'POST', url: path, headers: who.headers, payload });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * The sandbox gateway as a tester uses it: opens the test page, presses a button, follows the
 * gateway's redirect to our callback. Answers the callback's redirect (the web app's result page).
 */
export async function paySandbox(app: App, url: string, action: 'approve' | 'cancel' = 'approve'): Promise<{ callback: string; result: string }> {
  const page = await app.inject({ method: 'GET', url: pathOf(url) });
  expect(page.statusCode).toBe(200);
  const posted = await app.inject({ method: 'POST', url: pathOf(url), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `action=${action}` });
  expect(posted.statusCode).toBe(303);
  const callback = String(posted.headers.location);
  const back = await app.inject({ method: 'GET', url: pathOf(callback) });
  expect(back.statusCode).toBe(303);
  return { callback, result: String(back.headers.location) };
}

export async function premiumOf(app: App, who: TestMember) {
  const res = await app.inject({ method: 'GET', url: '/api/user/premium', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { active: boolean; activeUntil: string | null; daysLeft: number; reserved: { planName: string; days: number; startsAt: string; endsAt: string }[]; premiumUntil: string | null };
}

export async function paymentOf(app: App, who: TestMember, id: number) {
  const res = await app.inject({ method: 'GET', url: `/api/user/payments/${id}`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Rows of a table about one member, for checking what the database holds. */
export async function periodsOf(database: Database, userId: number) {
  const { rows } = await database.pool.query<{ kind: string; days: number; starts_at: Date; ends_at: Date; payment_id: number | null }>(
    'SELECT kind, days, starts_at, ends_at, payment_id FROM premium_periods WHERE user_id = $1 ORDER BY starts_at, id',
    [userId],
  );
  return rows;
}

export async function eventsOf(database: Database, paymentId: number) {
  const { rows } = await database.pool.query<{ from_status: string | null; to_status: string; event: string }>(
    'SELECT from_status, to_status, event FROM payment_events WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
  return rows;
}

// ── A local Zarinpal ──────────────────────────────────────────────────────────────────────────

interface FakePayment {
  authority: string;
  amount: number;
  callbackUrl: string;
  description: string;
  orderId: string | undefined;
  paid: boolean;
  verified: boolean;
  refId: number;
}

export interface FakeZarinpal {
  baseUrl: string;
  merchantId: string;
  payments: Map<string, FakePayment>;
  /** Bodies received, by endpoint. */
  calls: { request: Record<string, unknown>[]; verify: Record<string, unknown>[] };
  /** The next `request.json` answers with this error code, or drops the connection (then back to normal). */
  failNextRequest(code: number | 'drop'): void;
  /** The next `count` `verify.json` calls answer with this code (or drop the connection with 'drop'). */
  failVerify(code: number | 'drop', count?: number): void;
  /** The payer pays at the bank: answers the address the bank sends them back to. */
  pay(authority: string): string;
  /** The payer cancels at the bank. */
  cancel(authority: string): string;
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const error = (res: http.ServerResponse, code: number, message: string) => send(res, code === -9 ? 422 : 400, { data: [], errors: { code, message, validations: [] } });

/**
 * A local server speaking Zarinpal's v4 JSON API: `payment/request.json` (merchant, amount in Rial,
 * callback, description → Authority), `StartPay/{authority}` (the bank page), `payment/verify.json`
 * (100 verified, 101 already verified, -50 amount differs, -51 not paid, -54 unknown authority).
 */
export async function startFakeZarinpal(): Promise<FakeZarinpal> {
  const merchantId = crypto.randomUUID();
  const payments = new Map<string, FakePayment>();
  const calls: FakeZarinpal['calls'] = { request: [], verify: [] };
  let requestFailure: number | 'drop' | null = null;
  let verifyFailure: { code: number | 'drop'; count: number } | null = null;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method === 'GET' && url.startsWith('/pg/StartPay/')) {
        const p = payments.get(decodeURIComponent(url.slice('/pg/StartPay/'.length)));
        res.writeHead(p ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Zarinpal</title>');
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(res, -9, 'invalid json');
      }
      if (req.method === 'POST' && url === '/pg/v4/payment/request.json') {
        calls.request.push(body);
        if (requestFailure !== null) {
          const code = requestFailure;
          requestFailure = null;
          if (code === 'drop') return req.socket.destroy();
          return error(res, code, 'failure on request');
        }
        if (body.merchant_id !== merchantId) return error(res, -10, 'Terminal is not valid, please check merchant_id or ip address.');
        const amount = body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 10_000) return error(res, -9, 'The input params invalid, validation error.');
        if (typeof body.callback_url !== 'string' || typeof body.description !== 'string' || !body.description) return error(res, -9, 'The input params invalid, validation error.');
        const authority = `A${String(crypto.randomInt(10 ** 9, 10 ** 10 - 1)).padStart(35, '0')}`;
        const metadata = (body.metadata ?? {}) as { order_id?: string };
        payments.set(authority, {
          authority,
          amount,
          callbackUrl: body.callback_url,
          description: body.description,
          orderId: metadata.order_id,
          paid: false,
          verified: false,
          refId: crypto.randomInt(10 ** 9, 10 ** 10 - 1),
        });
        return send(res, 200, { data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 }, errors: [] });
      }
      if (req.method === 'POST' && url === '/pg/v4/payment/verify.json') {
        calls.verify.push(body);
        if (verifyFailure && verifyFailure.count > 0) {
          verifyFailure.count--;
          const code = verifyFailure.code;
          if (code === 'drop') return req.socket.destroy();
          return error(res, code, 'failure on verify');
        }
        if (body.merchant_id !== merchantId) return error(res, -10, 'Terminal is not valid');
        const p = payments.get(String(body.authority));
        if (!p) return error(res, -54, 'Invalid authority.');
        if (!p.paid) return error(res, -51, 'Session is not valid, session is not active paid try.');
        if (body.amount !== p.amount) return error(res, -50, 'Session is not valid, amounts values is not the same.');
        const code = p.verified ? 101 : 100;
        p.verified = true;
        return send(res, 200, { data: { code, message: code === 100 ? 'Paid' : 'Verified', card_hash: 'X', card_pan: '502229******5995', ref_id: p.refId, fee_type: 'Merchant', fee: 0 }, errors: [] });
      }
      send(res, 404, { data: [], errors: { code: -9, message: 'not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const back = (authority: string, status: 'OK' | 'NOK') => {
    const p = payments.get(authority);
    if (!p) throw new Error(`unknown authority ${authority}`);
    const u = new URL(p.callbackUrl);
    u.searchParams.set('Authority', authority);
    u.searchParams.set('Status', status);
    return u.toString();
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    merchantId,
    payments,
    calls,
    failNextRequest: (code) => {
      requestFailure = code;
    },
    failVerify: (code, count = 1) => {
      verifyFailure = { code, count };
    },
    pay(authority) {
      payments.get(authority)!.paid = true;
      return back(authority, 'OK');
    },
    cancel: (authority) => back(authority, 'NOK'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
