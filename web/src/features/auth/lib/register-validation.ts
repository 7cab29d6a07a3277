import { MEMBER_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, REFERRAL_CODE_LENGTH } from '../../../config/constants.ts';
import { t } from '../../../lib/i18n/i18n-store.ts';

export type RegisterValues = {
  email: string;
  /** What the family calls the new member: shown beside what they log, never their e-mail. */
  displayName: string;
  referralCode: string;
  password: string;
  confirmPassword: string;
};

export type RegisterField = keyof RegisterValues;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for one field, or undefined when it is fine. Needs all values: confirm depends on password. */
export function validateRegisterField(field: RegisterField, values: RegisterValues): string | undefined {
  switch (field) {
    case 'email': {
      const email = values.email.trim();
      if (!email) return t('register.emailRequired');
      if (!EMAIL_PATTERN.test(email)) return t('register.emailInvalid');
      return undefined;
    }
    case 'displayName': {
      const name = values.displayName.trim();
      if (!name) return t('register.displayNameRequired');
      if (name.length > MEMBER_NAME_MAX_LENGTH) return t('register.displayNameTooLong', { max: MEMBER_NAME_MAX_LENGTH });
      return undefined;
    }
    case 'referralCode': {
      const code = values.referralCode.trim();
      if (!code) return t('register.referralRequired');
      if (code.length !== REFERRAL_CODE_LENGTH) return t('register.referralLength', { length: REFERRAL_CODE_LENGTH });
      return undefined;
    }
    case 'password': {
      const { password } = values;
      if (!password) return t('register.passwordRequired');
      if (password.length < PASSWORD_MIN_LENGTH) return t('register.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
      if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
        return t('register.passwordWeak');
      }
      return undefined;
    }
    case 'confirmPassword': {
      if (!values.confirmPassword) return t('register.confirmRequired');
      if (values.confirmPassword !== values.password) return t('register.passwordsDiffer');
      return undefined;
    }
  }
}

export const REGISTER_FIELDS: readonly RegisterField[] = ['email', 'displayName', 'referralCode', 'password', 'confirmPassword'];

export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const field of REGISTER_FIELDS) {
    const message = validateRegisterField(field, values);
    if (message) errors[field] = message;
  }
  return errors;
}
