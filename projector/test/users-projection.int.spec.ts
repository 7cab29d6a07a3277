import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETIONS_COLLECTION } from '@nightlight/domain/read-models/users/account-deletion-document';
import type { UserDocument } from '@nightlight/domain/read-models/users/user-document';
import { userStreamId } from '@nightlight/domain/shared/stream-ids';
import { openUser } from '@nightlight/infrastructure/read-store/personal-fields';
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

describe('an account', () => {
  it('keeps its e-mail and display name sealed with its key, as the events do, opening to the latest of each', async () => {
    await registerUser('user-3');
    await append(stores, userStreamId('user-3'), 'EmailChanged', { userId: 'user-3', email: await stores.cipher.seal('user-3', 'ottoline@example.com'), emailDigest: 'digest-new' });
    await append(stores, userStreamId('user-3'), 'DisplayNameChanged', { userId: 'user-3', displayName: await stores.cipher.seal('user-3', 'Ottoline') });

    const readStore = await projectFromStart(stores);
    const doc = (await readStore.collection<UserDocument>('users').findOne({ _id: 'user-3' }))!;
    expect(await openUser(stores.cipher, doc)).toEqual({ email: 'ottoline@example.com', displayName: 'Ottoline' });
    expect(JSON.stringify(doc)).not.toMatch(/ottoline/i);
  });
});
