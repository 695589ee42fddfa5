import type { FastifyInstance } from 'fastify';
import { listRefundReasons } from '../services/reference.service';
import type { RestKit } from './kit';
import { arr, links, obj, route, str } from './schemas';

const refundReason = obj({ name: str('Identifier of the reason.'), description: str(), typeDescription: str() });

/** Reference data: refund reasons. */
export async function referenceRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.get(
    '/v1/refund-reasons',
    {
      schema: route('Reference', 'Valid refund reasons', {
        response: { 200: obj({ refundReasons: arr(refundReason), _links: links() }) },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const rows = await listRefundReasons(ctx.db);
      return {
        refundReasons: rows.map((r) => ({ name: r.name, description: r.description, typeDescription: r.typeDescription })),
        _links: kit.hal(request).self('/v1/refund-reasons'),
      };
    },
  );
}
