import type { FastifyInstance } from 'fastify';
import { growthCurvesView } from '@nightlight/domain/growth/who-percentiles';
import { GROWTH_COLLECTION, growthApiView, type GrowthDocument } from '@nightlight/domain/read-models/growth/growth-document';
import { z } from 'zod';
import { growthCurvesSchema, measurementSchema } from '@nightlight/domain/read-models/growth/measurement.schemas';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { QueryDeps } from '../query-deps';
import { findChildAs, findOpenedChildAs } from './family-child';

const TAGS = ['Growth'];
const listSchema = routeSchema({ summary: "A child's measurements by date, with WHO percentiles", tags: TAGS, answers: { 200: z.array(measurementSchema) }, errors: [404] });
const curvesSchema = routeSchema({ summary: "The WHO percentile curves for the child's sex", tags: TAGS, answers: { 200: growthCurvesSchema }, errors: [404] });

/** A child's growth measurements with their WHO percentiles, and the WHO curves to draw them against. */
export function growthQueries({ readStore, cipher }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const growth = readStore.collection<GrowthDocument>(GROWTH_COLLECTION);

    app.get('/api/children/:id/growth', { schema: listSchema }, async (request) => {
      const { child } = await findOpenedChildAs(readStore, cipher, parseIdParam(request.params, 'Child not found'), request.userId);
      const docs = await growth.find({ childId: child._id }, { sort: { measuredOn: 1 }, readOnly: true });
      const units = (await readerUnits(readStore, request.userId, request.headers['accept-language']))?.growth ?? null;
      return docs.map((doc) => growthApiView(doc, child, units));
    });

    app.get('/api/children/:id/growth/curves', { schema: curvesSchema }, async (request) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      return growthCurvesView(child.sex);
    });
  };
}
