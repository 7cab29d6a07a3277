import type { FastifyInstance } from 'fastify';
import { USERS_COLLECTION, userApiView, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';
import type { QueryDeps } from '../query-deps';

/** The signed-in parent's own account, from the users read model. */
export function accountQueries({ readStore }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const own = async (userId: string): Promise<UserDocument> => {
      const doc = await readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId });
      if (!doc) throw new HttpError(404, 'Account not found');
      return doc;
    };

    app.get('/api/me', async (request) => userApiView(await own(request.userId)));
    app.get('/api/settings/user', async (request) => ({ email: (await own(request.userId)).email }));
  };
}
