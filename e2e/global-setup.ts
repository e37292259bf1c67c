import type { TestProject } from 'vitest/node';
import { ensureApiBuilt } from '../scripts/lib.mjs';
import { startAnalyticsReceiver } from './support/analytics-receiver';
import { assertChromium } from './support/browser';
import { buildWebIfStale, startServer } from './support/server';
import './support/context';

/**
 * Once per run: check the browser, build the web app and the API if stale, start the analytics receiver
 * and the real server (fresh data directory) pointing at it.
 */
export default async function setup(project: TestProject) {
  assertChromium();
  buildWebIfStale();
  await ensureApiBuilt();
  const receiver = await startAnalyticsReceiver();
  const social = {
    telegram: 'https://t.me/parde_e2e',
    instagram: 'https://instagram.com/parde_e2e',
    x: 'https://x.com/parde_e2e',
  };
  const siteId = '4f5e2c1a-e2e0-4b1d-9c1e-000000000001';
  const supportEmail = 'support@parde.test';
  let server;
  try {
    server = await startServer({
      ANALYTICS_URL: receiver.url,
      ANALYTICS_SITE_ID: siteId,
      SOCIAL_TELEGRAM: social.telegram,
      SOCIAL_INSTAGRAM: social.instagram,
      SOCIAL_X: social.x,
      SUPPORT_EMAIL: supportEmail,
    });
  } catch (error) {
    await receiver.close();
    throw error;
  }
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('analyticsUrl', receiver.url);
  project.provide('analyticsSiteId', siteId);
  project.provide('social', social);
  project.provide('supportEmail', supportEmail);

  return async () => {
    await server.stop();
    await receiver.close();
  };
}
