import type { FastifyInstance } from 'fastify';
import { growthCurvesView } from '@nightlight/domain/growth/who-percentiles';
import { GROWTH_COLLECTION, growthApiView, type GrowthDocument } from '@nightlight/domain/read-models/growth/growth-document';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';

/** A child's growth measurements with their WHO percentiles, and the WHO curves to draw them against. */
export function growthQueries({ readStore }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const growth = readStore.collection<GrowthDocument>(GROWTH_COLLECTION);

    app.get('/api/children/:id/growth', async (request) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      const docs = await growth.find({ childId: child._id }, { sort: { measuredOn: 1 }, readOnly: true });
      const units = (await readerUnits(readStore, request.userId))?.growth ?? null;
      return docs.map((doc) => growthApiView(doc, child, units));
    });

    app.get('/api/children/:id/growth/curves', async (request) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      return growthCurvesView(child.sex);
    });
  };
}
