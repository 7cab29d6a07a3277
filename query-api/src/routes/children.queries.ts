import type { FastifyInstance } from 'fastify';
import { CHILDREN_COLLECTION, childApiView, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import type { QueryDeps } from '../query-deps';
import { findOwnedChild } from './owned-child';

export function childQueries({ readStore }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const list = async (userId: string) => {
      const children = await readStore.collection<ChildDocument>(CHILDREN_COLLECTION).find({ ownerId: userId }, { sort: { registeredAt: 1 }, readOnly: true });
      return children.map(childApiView);
    };
    const one = async (params: unknown, userId: string) => childApiView(await findOwnedChild(readStore, parseIdParam(params, 'Child not found'), userId));

    app.get('/api/children', async (request) => list(request.userId));
    app.get('/api/settings/children', async (request) => list(request.userId));
    app.get('/api/children/:id', async (request) => one(request.params, request.userId));
    app.get('/api/settings/children/:id', async (request) => one(request.params, request.userId));
  };
}
