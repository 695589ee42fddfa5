import Fastify from 'fastify';
import { installAuthRules } from '../../src/rest/auth-rules';
import type { RestKit } from '../../src/rest/kit';

/** The rule table fails closed: a route of an area no rule names stops the server at start. */
describe('AUTH_RULES', () => {
  const kit = {} as RestKit;

  async function register(method: 'GET' | 'POST', url: string): Promise<void> {
    const app = Fastify();
    installAuthRules(app, kit);
    app.route({ method, url, handler: async () => ({}) });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it.each([
    ['GET', '/v2/account-secrets/:id'],
    ['POST', '/v2/account-secrets'],
    ['GET', '/v9/anything'],
  ] as const)('refuses %s %s, which no rule names', async (method, url) => {
    await expect(register(method, url)).rejects.toThrow(/No single auth rule/);
  });

  it.each([
    ['GET', '/v2/theatres/:theatreNumber'],
    ['GET', '/v2/media/:mediaType/:mediaId'],
    ['GET', '/v1/markets'],
  ] as const)('takes %s %s, a public catalog read', async (method, url) => {
    await expect(register(method, url)).resolves.toBeUndefined();
  });
});
