import { z } from 'zod';
import type {
  AccountDeleted,
  ChildLinkedToAccount,
  DataKeyDestroyed,
  DisplayNameChanged,
  EmailChanged,
  LocaleChosen,
  OnboardingCompleted,
  OnboardingReopened,
  PasswordChanged,
  UnitsChosen,
  UserEvent,
  UserRegistered,
} from '../users/user.events';
import { LOCALES } from '../users/locales';
import { eventDefinition, type EventDefinition } from './event-definition';

const userOnly = z.strictObject({ userId: z.string() });

/** E-mail and password hash arrive sealed; `emailDigest` is a keyed HMAC. None is plain personal data. */
export const userEventDefinitions = {
  UserRegistered: eventDefinition<UserRegistered>()(
    z.strictObject({ userId: z.string(), email: z.string(), emailDigest: z.string(), passwordHash: z.string(), referralCode: z.string() }),
  ),
  EmailChanged: eventDefinition<EmailChanged>()(z.strictObject({ userId: z.string(), email: z.string(), emailDigest: z.string() })),
  PasswordChanged: eventDefinition<PasswordChanged>()(z.strictObject({ userId: z.string(), passwordHash: z.string() })),
  DisplayNameChanged: eventDefinition<DisplayNameChanged>()(z.strictObject({ userId: z.string(), displayName: z.string().nullable() })),
  UnitsChosen: eventDefinition<UnitsChosen>()(z.strictObject({ userId: z.string(), volume: z.enum(['mL', 'oz']), growth: z.enum(['metric', 'imperial']) })),
  LocaleChosen: eventDefinition<LocaleChosen>()(z.strictObject({ userId: z.string(), locale: z.enum(LOCALES).nullable() })),
  OnboardingCompleted: eventDefinition<OnboardingCompleted>()(userOnly),
  OnboardingReopened: eventDefinition<OnboardingReopened>()(userOnly),
  ChildLinkedToAccount: eventDefinition<ChildLinkedToAccount>()(z.strictObject({ userId: z.string(), childId: z.string() })),
  AccountDeleted: eventDefinition<AccountDeleted>()(userOnly),
  DataKeyDestroyed: eventDefinition<DataKeyDestroyed>()(userOnly),
} satisfies Record<UserEvent['type'], EventDefinition>;
