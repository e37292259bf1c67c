import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGateways, type Gateways } from '../gateways/gateways';
import { PaymentsService } from './payments.service';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
    gateways: Gateways;
  }
}

/** One payments service and one set of gateways for every route that buys, pays or checks. */
export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app.deps;
  const gateways = createGateways(config, database.db);
  app.decorate('gateways', gateways);
  app.decorate('payments', new PaymentsService({ database, config, gateways, log: app.log, mailer: app.mailer }));
  if (config.NODE_ENV === 'production' && config.GATEWAY === 'sandbox') {
    app.log.warn('GATEWAY=sandbox: members "pay" on a test page and get premium without paying; set GATEWAY=zarinpal for real payments');
  }
});
