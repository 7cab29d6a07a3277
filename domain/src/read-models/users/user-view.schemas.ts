import { z } from 'zod';
import type { Units } from '../../units/units';
import { LOCALES } from '../../users/locales';
import { named, viewSchema, written } from '../../shared/view-schema';
import type { AccountEmail, PasswordChanged, SessionTokens, SignedIn, UserView } from './user-document';

export const unitsSchema = viewSchema<Units>()(z.strictObject({ volume: z.enum(['mL', 'oz']), growth: z.enum(['metric', 'imperial']) }));

export const userViewSchema = viewSchema<UserView>()(
  named(
    z.strictObject({
      id: z.string(),
      email: z.string(),
      displayName: z.string().nullable().describe("Shown to the other members of the user's children's families; null when none."),
      onboardingCompleted: z.boolean(),
      units: unitsSchema.nullable().describe("Null until the user chooses; the web app then follows the browser's locale."),
      locale: z.enum(LOCALES).nullable().describe("The language of the app and of the API's messages; null until the user chooses, following the browser's (Accept-Language)."),
      referralCode: z.string(),
      referralUsesLeft: z.number().int(),
    }),
    'User',
  ),
);

export const sessionTokensSchema = viewSchema<SessionTokens>()(named(z.strictObject({ accessToken: z.string(), refreshToken: z.string() }), 'SessionTokens'));

export const signedInSchema = viewSchema<SignedIn>()(named(sessionTokensSchema.extend({ user: userViewSchema }), 'SignedIn'));

export const accountEmailSchema = viewSchema<AccountEmail>()(named(z.strictObject({ email: z.string() }), 'AccountEmail'));

export const passwordChangedSchema = viewSchema<PasswordChanged>()(named(sessionTokensSchema.extend({ ok: z.literal(true) }), 'PasswordChanged'));

export const writtenSignedInSchema = written(signedInSchema);
export const writtenUserViewSchema = written(userViewSchema);
export const writtenAccountEmailSchema = written(accountEmailSchema);
export const writtenPasswordChangedSchema = written(passwordChangedSchema);
