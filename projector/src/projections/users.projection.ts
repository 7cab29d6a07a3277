import { ACCOUNT_DELETIONS_COLLECTION, type AccountDeletionDocument } from '@nightlight/domain/read-models/users/account-deletion-document';
import { REFERRAL_CODES_COLLECTION, type ReferralCodeDocument } from '@nightlight/domain/read-models/users/referral-code-document';
import { USERS_COLLECTION, type UserDocument } from '@nightlight/domain/read-models/users/user-document';
import type { ReferralCodeEvent } from '@nightlight/domain/referrals/referral-code.events';
import type { UserEvent } from '@nightlight/domain/users/user.events';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';

type Handled = (UserEvent | Exclude<ReferralCodeEvent, { type: 'ReferralCodeWithdrawn' }>) & { position: number };

async function applyReferral(event: ReferralCodeEvent, position: number, context: ProjectionContext): Promise<void> {
  const codes = context.readStore.collection<ReferralCodeDocument>(REFERRAL_CODES_COLLECTION);
  const users = context.readStore.collection<UserDocument>(USERS_COLLECTION);
  const { code } = event.data;
  const existing = await codes.findOne({ _id: code });
  if (existing && existing.position >= position) return;
  let usesLeft: number;
  if (event.type === 'ReferralCodeIssued') {
    // Only personal codes are shown to anyone (GET /api/me); operator codes are not tracked here.
    if (!event.data.issuedTo) return;
    usesLeft = event.data.uses;
    await codes.replaceOne({ _id: code }, { _id: code, issuedTo: event.data.issuedTo, usesLeft, position }, { upsert: true });
  } else {
    if (!existing) return;
    usesLeft = Math.max(0, existing.usesLeft - 1);
    await codes.updateOne({ _id: code }, { $set: { usesLeft, position } });
  }
  await users.updateOne({ referralCode: code }, { $set: { referralUsesLeft: usesLeft } });
}

/**
 * The users read model (GET /api/me, GET /api/settings/user): e-mail and display name sealed with
 * the owner's key, as the events hold them, opened when answering. Version 2: they were opened here
 * before, and held in the clear.
 * A deleted account's document is removed; on a rebuild its shredded e-mail cannot be opened, so it never comes back.
 * Beside it, `account-deletions` lists the deletions not finished yet, for the job that finishes them.
 */
export const usersProjection: Projection = {
  name: 'users',
  version: 2,
  handles: new Set([
    'UserRegistered',
    'EmailChanged',
    'DisplayNameChanged',
    'UnitsChosen',
    'LocaleChosen',
    'OnboardingCompleted',
    'OnboardingReopened',
    'AccountDeleted',
    'DataKeyDestroyed',
    'ReferralCodeIssued',
    'ReferralCodeRedeemed',
  ]),
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as Handled;
    if (event.type === 'ReferralCodeIssued' || event.type === 'ReferralCodeRedeemed') return applyReferral(event, recorded.position, context);
    const deletions = context.readStore.collection<AccountDeletionDocument>(ACCOUNT_DELETIONS_COLLECTION);
    if (event.type === 'DataKeyDestroyed') {
      await deletions.deleteOne({ _id: event.data.userId });
      return;
    }

    const users = context.readStore.collection<UserDocument>(USERS_COLLECTION);
    const { userId } = event.data;
    const existing = await users.findOne({ _id: userId });
    if (existing && existing.position >= recorded.position) return;
    const position = recorded.position;

    switch (event.type) {
      case 'UserRegistered': {
        // A deleted account's key is gone: rebuilt, it does not come back.
        if ((await context.cipher.open(userId, event.data.email)) === null) return;
        const code = await context.readStore.collection<ReferralCodeDocument>(REFERRAL_CODES_COLLECTION).findOne({ _id: event.data.referralCode });
        const doc: UserDocument = {
          _id: userId,
          sealedEmail: event.data.email,
          sealedDisplayName: null,
          onboardingCompleted: false,
          referralCode: event.data.referralCode,
          referralUsesLeft: code?.usesLeft ?? 0,
          position,
        };
        await users.replaceOne({ _id: userId }, doc, { upsert: true });
        return;
      }
      case 'EmailChanged':
        if (!existing) return;
        await users.updateOne({ _id: userId }, { $set: { sealedEmail: event.data.email, position } });
        return;
      case 'DisplayNameChanged':
        if (!existing) return;
        await users.updateOne({ _id: userId }, { $set: { sealedDisplayName: event.data.displayName, position } });
        return;
      case 'UnitsChosen':
        if (!existing) return;
        await users.updateOne({ _id: userId }, { $set: { units: { volume: event.data.volume, growth: event.data.growth }, position } });
        return;
      case 'LocaleChosen':
        if (!existing) return;
        await users.updateOne({ _id: userId }, { $set: { locale: event.data.locale, position } });
        return;
      case 'OnboardingCompleted':
      case 'OnboardingReopened':
        if (!existing) return;
        await users.updateOne({ _id: userId }, { $set: { onboardingCompleted: event.type === 'OnboardingCompleted', position } });
        return;
      case 'AccountDeleted':
        // In the full stack command-api shreds the key; this process must not keep a cached copy.
        context.cipher.forget(userId);
        await users.deleteOne({ _id: userId });
        await context.readStore.collection(REFERRAL_CODES_COLLECTION).deleteMany({ issuedTo: userId });
        await deletions.replaceOne({ _id: userId }, { _id: userId, position }, { upsert: true });
        return;
    }
  },
};
