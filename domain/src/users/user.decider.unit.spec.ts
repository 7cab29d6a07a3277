import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../shared/domain-event';
import { decideUser, type UserCommand } from './user.decider';
import { evolveUser, initialUserState, type UserEvent } from './user.events';

const given = (...events: UserEvent[]) => ({
  when: (command: UserCommand) => decideUser(command, events.reduce(evolveUser, initialUserState())),
  state: () => events.reduce(evolveUser, initialUserState()),
});

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'sealed-email', emailDigest: 'd1', passwordHash: 'sealed-hash', referralCode: 'ABC234' },
};
const deleted: UserEvent = { type: 'AccountDeleted', data: { userId: 'u1' } };
const linked = (childId: string): UserEvent => ({ type: 'ChildLinkedToAccount', data: { userId: 'u1', childId } });

describe('RegisterUser', () => {
  it('registers a new account', () => {
    const command: UserCommand = { type: 'RegisterUser', data: registered.data as never };
    expect(given().when(command)).toEqual([registered]);
  });

  it('refuses to register the same account twice', () => {
    expect(() => given(registered).when({ type: 'RegisterUser', data: registered.data as never })).toThrow(ConflictError);
  });
});

describe('ChangeEmail', () => {
  it('records the new sealed address and its digest', () => {
    expect(given(registered).when({ type: 'ChangeEmail', data: { userId: 'u1', email: 'sealed-new', emailDigest: 'd2' } })).toEqual([
      { type: 'EmailChanged', data: { userId: 'u1', email: 'sealed-new', emailDigest: 'd2' } },
    ]);
  });

  it('records nothing when the address is the same', () => {
    expect(given(registered).when({ type: 'ChangeEmail', data: { userId: 'u1', email: 'sealed-again', emailDigest: 'd1' } })).toEqual([]);
  });

  it('is not found for a deleted account', () => {
    expect(() => given(registered, deleted).when({ type: 'ChangeEmail', data: { userId: 'u1', email: 'x', emailDigest: 'd2' } })).toThrow(NotFoundError);
  });
});

describe('ChangePassword', () => {
  it('records the new sealed hash', () => {
    expect(given(registered).when({ type: 'ChangePassword', data: { userId: 'u1', passwordHash: 'sealed-new-hash' } })).toEqual([
      { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'sealed-new-hash' } },
    ]);
  });
});

describe('ChooseLocale', () => {
  const choose = (locale: 'de' | 'es' | null): UserCommand => ({ type: 'ChooseLocale', data: { userId: 'u1', locale } });
  const chosenGerman: UserEvent = { type: 'LocaleChosen', data: { userId: 'u1', locale: 'de' } };

  it('records the language chosen, once', () => {
    expect(given(registered).when(choose('de'))).toEqual([chosenGerman]);
    expect(given(registered, chosenGerman).when(choose('de'))).toEqual([]);
    expect(given(registered, chosenGerman).state().locale).toBe('de');
  });

  it("goes back to the browser's language with null, and a user who never chose has nothing to undo", () => {
    expect(given(registered, chosenGerman).when(choose(null))).toEqual([{ type: 'LocaleChosen', data: { userId: 'u1', locale: null } }]);
    expect(given(registered).when(choose(null))).toEqual([]);
  });

  it('is not found for a deleted account', () => {
    expect(() => given(registered, deleted).when(choose('es'))).toThrow(NotFoundError);
  });
});

describe('SetOnboardingCompleted', () => {
  it('completes onboarding once', () => {
    const complete: UserCommand = { type: 'SetOnboardingCompleted', data: { userId: 'u1', onboardingCompleted: true } };
    expect(given(registered).when(complete)).toEqual([{ type: 'OnboardingCompleted', data: { userId: 'u1' } }]);
    expect(given(registered, { type: 'OnboardingCompleted', data: { userId: 'u1' } }).when(complete)).toEqual([]);
  });

  it('reopens a completed onboarding', () => {
    expect(
      given(registered, { type: 'OnboardingCompleted', data: { userId: 'u1' } }).when({
        type: 'SetOnboardingCompleted',
        data: { userId: 'u1', onboardingCompleted: false },
      }),
    ).toEqual([{ type: 'OnboardingReopened', data: { userId: 'u1' } }]);
  });
});

describe('LinkChild', () => {
  it('links a child once, so a retried child registration adds nothing', () => {
    expect(given(registered).when({ type: 'LinkChild', data: { userId: 'u1', childId: 'c1' } })).toEqual([linked('c1')]);
    expect(given(registered, linked('c1')).when({ type: 'LinkChild', data: { userId: 'u1', childId: 'c1' } })).toEqual([]);
  });

  it('lists the linked children in the state', () => {
    expect(given(registered, linked('c1'), linked('c2')).state().childIds).toEqual(['c1', 'c2']);
  });

  it('links a child to an account stream that has no registration without failing', () => {
    expect(given().when({ type: 'LinkChild', data: { userId: 'u1', childId: 'c1' } })).toEqual([linked('c1')]);
  });

  it('is not found once the account is deleted', () => {
    expect(() => given(registered, deleted).when({ type: 'LinkChild', data: { userId: 'u1', childId: 'c3' } })).toThrow(NotFoundError);
  });
});

describe('AnonymizeAccount', () => {
  it('records the deletion and forgets the sealed credentials in the state', () => {
    expect(given(registered, linked('c1')).when({ type: 'AnonymizeAccount', data: { userId: 'u1' } })).toEqual([deleted]);
    expect(given(registered, linked('c1'), deleted).state()).toMatchObject({ status: 'deleted', email: null, passwordHash: null, childIds: ['c1'] });
  });

  it('is not found twice', () => {
    expect(() => given(registered, deleted).when({ type: 'AnonymizeAccount', data: { userId: 'u1' } })).toThrow(NotFoundError);
  });
});

describe('RecordDataKeyDestroyed', () => {
  const destroyed: UserEvent = { type: 'DataKeyDestroyed', data: { userId: 'u1' } };
  const record: UserCommand = { type: 'RecordDataKeyDestroyed', data: { userId: 'u1' } };

  it('records the destroyed key of a deleted account, once', () => {
    expect(given(registered, deleted).when(record)).toEqual([destroyed]);
    expect(given(registered, deleted, destroyed).state().dataKeyDestroyed).toBe(true);
    expect(given(registered, deleted, destroyed).when(record)).toEqual([]);
  });

  it('refuses it for an account that is not deleted', () => {
    expect(() => given(registered).when(record)).toThrow(new ConflictError('Only a deleted account has its data key destroyed'));
  });
});
