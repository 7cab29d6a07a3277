import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETIONS_COLLECTION } from '@nightlight/domain/read-models/users/account-deletion-document';
import { userStreamId } from '@nightlight/domain/shared/stream-ids';
import { append, openProjectionStores, projectFromStart, type ProjectionStores } from './support/projection-harness';

let stores: ProjectionStores;
beforeEach(async () => {
  stores = await openProjectionStores();
});
afterEach(() => stores.close());

async function registerUser(userId: string): Promise<void> {
  const email = await stores.cipher.seal(userId, `${userId}@example.com`);
  const passwordHash = await stores.cipher.seal(userId, 'scrypt$…');
  await append(stores, userStreamId(userId), 'UserRegistered', { userId, email, emailDigest: `digest-${userId}`, passwordHash, referralCode: 'ABC234' });
}

describe('unfinished account deletions', () => {
  it('given AccountDeleted without DataKeyDestroyed, then the account is listed until its key is recorded destroyed', async () => {
    await registerUser('user-1');
    await registerUser('user-2');
    const deletedAt = await append(stores, userStreamId('user-1'), 'AccountDeleted', { userId: 'user-1' });
    await append(stores, userStreamId('user-2'), 'AccountDeleted', { userId: 'user-2' });
    await append(stores, userStreamId('user-2'), 'DataKeyDestroyed', { userId: 'user-2' });

    const readStore = await projectFromStart(stores);
    expect(await readStore.collection(ACCOUNT_DELETIONS_COLLECTION).find({})).toEqual([{ _id: 'user-1', position: deletedAt }]);
    expect(await readStore.collection('users').find({})).toEqual([]);
  });
});
