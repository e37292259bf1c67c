import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dailyCounts } from '../daily-counts/daily-counts';
import { searchCountsPlugin } from '../search/search-counts';
import { adminCommentsRoutes } from './comments.routes';
import './labels';
import { adminNotificationsRoutes } from './notifications.routes';
import { adminRequestsRoutes } from './requests.routes';
import { adminStatsRoutes } from './stats.routes';

/**
 * The operators' daily work: requests, comment moderation, announcements and the dashboard, and
 * the counting of searches and plays behind it. Not encapsulated, so the search counter's hook
 * sees the catalogue's routes.
 */
export const adminOpsPlugin = fp(async (app: FastifyInstance) => {
  const counts = dailyCounts(app.deps.database.db);
  app.addHook('onClose', () => counts.close());
  await app.register(searchCountsPlugin);
  await app.register(adminRequestsRoutes);
  await app.register(adminCommentsRoutes);
  await app.register(adminNotificationsRoutes);
  await app.register(adminStatsRoutes);
});
