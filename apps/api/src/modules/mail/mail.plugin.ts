import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** One mailer for every module; closing the app waits for mails still being sent. */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const mailer = createMailer(app.deps.config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.flush();
    mailer.close();
  });
});
