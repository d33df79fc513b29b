import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built admin app from `root`: one build folder, resolved when the server starts
 * (decision 0052: `apps/admin/dist` points at the current build; a later build is a new folder, so
 * this one never changes under a running server). Its files are listed once, here
 * (`wildcard: false`); every other GET outside the API answers index.html, and the admin app routes
 * in the browser.
 */
export async function serveAdminApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/management/')) {
      return reply.callNotFound();
    }
    return reply.sendFile('index.html');
  });
}
