import type { FastifyInstance } from 'fastify';
import { CHILDREN_COLLECTION, childApiView, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { MEMBERSHIPS_COLLECTION, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import { z } from 'zod';
import { childViewSchema } from '@nightlight/domain/read-models/children/child-view.schemas';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { openChild } from '@nightlight/infrastructure/read-store/personal-fields';
import { findOpenedChildAs } from './family-child';

const TAGS = ['Children'];
const listSchema = routeSchema({ summary: 'Every child you are a member of, oldest first', tags: TAGS, answers: { 200: z.array(childViewSchema) } });
const oneSchema = routeSchema({ summary: 'A child', tags: TAGS, answers: { 200: childViewSchema }, errors: [404] });

export function childQueries({ readStore, cipher }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    /** Every child the user is a member of, in the order they were added. */
    const list = async (userId: string) => {
      const memberships = await readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION).find({ memberId: userId }, { readOnly: true });
      const children = await Promise.all(
        memberships.map(async (membership) => {
          const child = await readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: membership.childId }, { readOnly: true });
          return child && { child, role: membership.role };
        }),
      );
      const ordered = children.filter((found) => found !== null).sort((a, b) => a.child.registeredAt - b.child.registeredAt);
      return Promise.all(ordered.map(async ({ child, role }) => childApiView(await openChild(cipher, child), role)));
    };
    const one = async (params: unknown, userId: string) => {
      const { child, role } = await findOpenedChildAs(readStore, cipher, parseIdParam(params, 'Child not found'), userId);
      return childApiView(child, role);
    };

    app.get('/api/children', { schema: listSchema }, async (request) => list(request.userId));
    app.get('/api/settings/children', { schema: listSchema }, async (request) => list(request.userId));
    app.get('/api/children/:id', { schema: oneSchema }, async (request) => one(request.params, request.userId));
    app.get('/api/settings/children/:id', { schema: oneSchema }, async (request) => one(request.params, request.userId));
  };
}
