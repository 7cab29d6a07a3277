import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { MEMBER_NAME_MAX_LENGTH, PRODUCT_NAME, REFERRAL_CODE_LENGTH } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import { useRegister } from '../api/register.ts';
import {
  validateRegister,
  validateRegisterField,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
} from '../lib/register-validation.ts';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

const EMPTY: RegisterValues = { email: '', displayName: '', referralCode: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const navigate = useNavigate();
  // From a family's join page: the invitation is the sign-up code, and the account joins the family.
  const invitationCode = useSearchParams()[0].get('invitation');
  const t = useT();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const registration = useRegister({ onSuccess: () => void navigate('/onboarding', { replace: true }) });

  function change(field: RegisterField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Fields are quiet until first left; after that they follow every keystroke.
    const updates: RegisterErrors = {};
    if (touched[field]) updates[field] = validateRegisterField(field, next);
    if (field === 'password' && touched.confirmPassword) {
      updates.confirmPassword = validateRegisterField('confirmPassword', next);
    }
    setErrors((current) => ({ ...current, ...updates }));
  }

  function blur(field: RegisterField) {
    setTouched((current) => ({ ...current, [field]: true }));
    setErrors((current) => ({ ...current, [field]: validateRegisterField(field, values) }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { referralCode: referralError, ...others } = validateRegister(values);
    const found: RegisterErrors = invitationCode ? others : { ...others, ...(referralError ? { referralCode: referralError } : {}) };
    setErrors(found);
    setTouched({ email: true, displayName: true, referralCode: true, password: true, confirmPassword: true });
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    const credentials = { email: values.email.trim(), password: values.password, displayName: values.displayName.trim() };
    registration.mutate(invitationCode ? { ...credentials, invitationCode } : { ...credentials, referralCode: values.referralCode.trim() });
  }

  const field = (name: RegisterField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    onBlur: () => blur(name),
  });

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <form ref={formRef} className="form" onSubmit={handleSubmit} noValidate>
        <FormError
          message={registration.isError ? errorMessage(registration.error, t('register.failed')) : null}
        />
        <TextField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
        <TextField
          label={t('register.displayName')}
          autoComplete="nickname"
          maxLength={MEMBER_NAME_MAX_LENGTH}
          hint={t('register.displayNameHint')}
          {...field('displayName')}
        />
        {invitationCode ? (
          <p className="form-note">{t('register.invited')}</p>
        ) : (
          <TextField
            label={t('register.referralCode')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={REFERRAL_CODE_LENGTH}
            hint={t('register.referralHint', { product: PRODUCT_NAME, length: REFERRAL_CODE_LENGTH })}
            {...field('referralCode')}
          />
        )}
        <TextField label={t('auth.password')} type="password" autoComplete="new-password" {...field('password')} />
        <PasswordStrengthMeter password={values.password} />
        <PasswordChecklist password={values.password} />
        <TextField label={t('register.confirmPassword')} type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <p className="form-note">
          {t('register.agree', {
            terms: <Link to="/terms">{t('route.terms')}</Link>,
            privacy: <Link to="/privacy">{t('route.privacy')}</Link>,
          })}
        </p>
        <Button type="submit" fullWidth disabled={registration.isPending}>
          {registration.isPending ? t('register.creating') : t('route.register')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('register.haveAccount')} <Link to="/auth/login">{t('register.signIn')}</Link>
      </p>
    </AuthLayout>
  );
}
