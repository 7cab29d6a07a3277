import { z } from 'zod';
import { REFERRAL_CODE_LENGTH } from '@nightlight/domain/referrals/referral-code-rules';
import { LOCALES } from '@nightlight/domain/users/locales';
import { hasUpperLowerAndDigit, isEmailAddress, normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@nightlight/domain/users/credential-rules';

/** The register form's messages (seed §5), word for word. */
const email = (requiredMessage = 'Email is required') =>
  z
    .string({ error: requiredMessage })
    .transform(normalizeEmail)
    .pipe(z.string().min(1, requiredMessage).refine(isEmailAddress, 'Invalid email address'));

const requiredPassword = (message: string) => z.string({ error: message }).min(1, message);

const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine(hasUpperLowerAndDigit, 'Password must contain uppercase, lowercase, and number');

const referralCode = z
  .string({ error: 'Referral code is required' })
  .trim()
  .min(1, 'Referral code is required')
  .length(REFERRAL_CODE_LENGTH, `Referral code must be ${REFERRAL_CODE_LENGTH} characters`);

/** Sign-up is by a referral code, or by an invitation to a child's family, which counts as one. */
export const registerBody = z
  .object({
    email: email(),
    password: newPassword('Password is required'),
    referralCode: z.unknown().optional(),
    invitationCode: z.string({ error: 'Invitation code must be text' }).optional(),
  })
  .transform((body, context) => {
    if (body.invitationCode !== undefined) return { email: body.email, password: body.password, invitationCode: body.invitationCode, referralCode: null };
    const checked = referralCode.safeParse(body.referralCode);
    if (checked.success) return { email: body.email, password: body.password, invitationCode: null, referralCode: checked.data };
    for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: ['referralCode'] });
    return z.NEVER;
  });

export const loginBody = z.object({
  email: email(),
  password: requiredPassword('Password is required'),
});

export const refreshBody = z.object({
  refreshToken: z.string({ error: 'Refresh token is required' }).min(1, 'Refresh token is required').max(200, 'Refresh token is not valid'),
  // Made by the client for this refresh, and sent again with the same token when the answer was lost.
  retryKey: z
    .string({ error: 'Retry key must be text' })
    .regex(/^[A-Za-z0-9_-]{22,128}$/, 'Retry key must be 22 to 128 letters, digits, - or _')
    .optional(),
});

export const MEMBER_NAME_MAX = 40;

/** Any of the fields; a display name of only spaces is none (null clears it), a null locale follows the browser's language again. */
export const updateMeBody = z
  .object({
    onboardingCompleted: z.boolean({ error: 'onboardingCompleted must be true or false' }).optional(),
    displayName: z
      .string({ error: 'Display name must be text' })
      .trim()
      .max(MEMBER_NAME_MAX, `Display name must be ${MEMBER_NAME_MAX} characters or less`)
      .transform((name) => name || null)
      .nullable()
      .optional(),
    units: z
      .object(
        {
          volume: z.enum(['mL', 'oz'], { error: 'Volume unit must be mL or oz' }),
          growth: z.enum(['metric', 'imperial'], { error: 'Growth units must be metric or imperial' }),
        },
        { error: 'Units must be {volume, growth}' },
      )
      .optional(),
    locale: z.enum(LOCALES, { error: 'Language must be en, es, de or fr, or null to follow the browser' }).nullable().optional(),
  })
  .refine((body) => body.onboardingCompleted !== undefined || body.displayName !== undefined || body.units !== undefined || body.locale !== undefined, {
    message: 'Nothing to change: send onboardingCompleted, displayName, units or locale',
  });

export const changeEmailBody = z.object({
  newEmail: email(),
  currentPassword: requiredPassword('Current password is required'),
});

export const changePasswordBody = z
  .object({
    currentPassword: requiredPassword('Current password is required'),
    newPassword: newPassword('New password is required'),
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const deleteAccountBody = z.object({
  confirmText: z.string({ error: 'Please type DELETE to confirm' }).refine((text) => text === 'DELETE', 'Please type DELETE to confirm'),
  password: z.string({ error: 'Password is required' }).refine((text) => text.trim().length > 0, 'Password is required'),
});

/** The body of POST /api/auth/logout, which may be empty: this session, or every session of the account. */
export const logoutBody = z.object({ everywhere: z.boolean({ error: 'everywhere must be true or false' }).optional() });
