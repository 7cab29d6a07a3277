import type { FastifyInstance } from 'fastify';
import { USERS_COLLECTION, userApiView, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import { accountEmailSchema, userViewSchema } from '@nightlight/domain/read-models/users/user-view.schemas';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';
import { openUser } from '@nightlight/infrastructure/read-store/personal-fields';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';

const meSchema = routeSchema({ summary: 'Your account', tags: ['Accounts'], answers: { 200: userViewSchema }, errors: [404] });
const emailSchema = routeSchema({ summary: 'Your e-mail address, for the settings', tags: ['Accounts'], answers: { 200: accountEmailSchema }, errors: [404] });

/** The signed-in parent's own account, from the users read model, its e-mail and name opened for the answer. */
export function accountQueries({ readStore, cipher }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const own = async (userId: string): Promise<UserDocument> => {
      const doc = await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId });
      if (!doc) throw new HttpError(404, 'Account not found');
      return doc;
    };

    app.get('/api/me', { schema: meSchema }, async (request) => {
      const doc = await own(request.userId);
      return userApiView(doc, await openUser(cipher, doc));
    });
    app.get('/api/settings/user', { schema: emailSchema }, async (request) => ({ email: (await openUser(cipher, await own(request.userId))).email }));
  };
}
