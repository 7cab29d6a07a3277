import { MEMBER_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, REFERRAL_CODE_LENGTH } from '../../../config/constants.ts';

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
      if (!email) return 'Email is required';
      if (!EMAIL_PATTERN.test(email)) return 'Invalid email address';
      return undefined;
    }
    case 'displayName': {
      const name = values.displayName.trim();
      if (!name) return 'Please tell us what your family should call you';
      if (name.length > MEMBER_NAME_MAX_LENGTH) return `Display name must be ${MEMBER_NAME_MAX_LENGTH} characters or less`;
      return undefined;
    }
    case 'referralCode': {
      const code = values.referralCode.trim();
      if (!code) return 'Referral code is required';
      if (code.length !== REFERRAL_CODE_LENGTH) return 'Referral code must be 6 characters';
      return undefined;
    }
    case 'password': {
      const { password } = values;
      if (!password) return 'Password is required';
      if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters';
      if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
        return 'Password must contain uppercase, lowercase, and number';
      }
      return undefined;
    }
    case 'confirmPassword': {
      if (!values.confirmPassword) return 'Please confirm your password';
      if (values.confirmPassword !== values.password) return 'Passwords do not match';
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
