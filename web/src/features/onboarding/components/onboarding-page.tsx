import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { LockIcon } from '../../../components/icons.tsx';
import { Select } from '../../../components/select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { DISPLAY_NAME_MAX_LENGTH, LOGIN_PATH, MAIN_CONTENT_ID, PRODUCT_NAME } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { browserTimeZone, todayLocalDate } from '../../../lib/local-date.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import { useCreateChild, type CreateChildInput } from '../api/create-child.ts';
import { ageHint } from '../lib/age-hint.ts';
import {
  validateChildProfile,
  validateChildProfileField,
  type ChildProfileErrors,
  type ChildProfileField,
  type ChildProfileValues,
} from '../lib/child-profile-validation.ts';
import { ConsentModal } from './consent-modal.tsx';
import { useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

const SEX_OPTIONS = [
  { value: 'Female', label: 'child.female' },
  { value: 'Male', label: 'child.male' },
  { value: 'Other', label: 'child.other' },
] as const satisfies readonly { value: string; label: MessageKey }[];

type Phase = 'idle' | 'creating' | 'completing';

const SUBMIT_TEXT: Record<Phase, MessageKey> = {
  idle: 'onboarding.create',
  creating: 'onboarding.creating',
  completing: 'onboarding.completing',
};

type OnboardingPageProps = {
  /** The family already has a child: Cancel goes back instead of skipping onboarding. */
  hasChildren: boolean;
  /** Until the children are known, skipping (which completes onboarding) waits. */
  childrenPending: boolean;
};

export function OnboardingPage({ hasChildren, childrenPending }: OnboardingPageProps) {
  const navigate = useNavigate();
  const t = useT();
  const needsConsent = useAuthStore((state) => state.user !== null && !state.user.onboardingCompleted);
  const updateUser = useAuthStore((state) => state.updateUser);
  const createChild = useCreateChild();
  const completeOnboarding = useCompleteOnboarding();

  const [values, setValues] = useState<ChildProfileValues>({ displayName: '', birthDate: '', sex: '' });
  const [errors, setErrors] = useState<ChildProfileErrors>({});
  const [touched, setTouched] = useState<Partial<Record<ChildProfileField, boolean>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  // The consent dialog's answer about research, given with the child added next.
  const [researchConsent, setResearchConsent] = useState<boolean | undefined>(undefined);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const today = todayLocalDate();

  function change(field: ChildProfileField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setGeneralError(null);
    if (touched[field]) setErrors((current) => ({ ...current, [field]: validateChildProfileField(field, next, today) }));
  }

  function blur(field: ChildProfileField) {
    setTouched((current) => ({ ...current, [field]: true }));
    setErrors((current) => ({ ...current, [field]: validateChildProfileField(field, values, today) }));
  }

  /** Marks onboarding done on the server; a failure there must not trap the user on this page. */
  async function finishOnboarding() {
    try {
      await completeOnboarding.mutateAsync();
    } catch (error) {
      console.error('Could not mark onboarding as completed', error);
    }
    void navigate('/', { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateChildProfile(values, today);
    setErrors(found);
    setTouched({ displayName: true, birthDate: true, sex: true });
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }

    const displayName = values.displayName.trim();
    const input: CreateChildInput = {
      birthDate: values.birthDate,
      sex: values.sex as CreateChildInput['sex'],
      timezone: browserTimeZone(),
      ...(displayName ? { displayName } : {}),
      ...(researchConsent === undefined ? {} : { researchConsent }),
    };
    setPhase('creating');
    try {
      await createChild.mutateAsync(input);
    } catch (error) {
      setPhase('idle');
      setGeneralError(errorMessage(error, t('onboarding.createFailed')));
      return;
    }
    setPhase('completing');
    await finishOnboarding();
  }

  function acceptConsent(research: boolean) {
    setResearchConsent(research);
    updateUser({ onboardingCompleted: true });
  }

  function declineConsent() {
    // Without consent nothing may be stored, so the session ends here.
    void signOut({ forgetDevice: true });
    void navigate(LOGIN_PATH, { replace: true });
  }

  const busy = phase !== 'idle' || completeOnboarding.isPending;

  return (
    <main className="onboarding-page" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <ConsentModal open={needsConsent} onAccept={acceptConsent} onCancel={declineConsent} />
      <div className="onboarding-card" inert={needsConsent}>
        <p className="onboarding-welcome">{t('onboarding.welcome', { product: PRODUCT_NAME })}</p>
        <h1 className="page-title">{hasChildren ? t('route.onboarding') : t('onboarding.firstChild')}</h1>
        <p className="privacy-note">
          <LockIcon className="privacy-note-icon" /> {t('onboarding.privacyNote')}
        </p>

        <form ref={formRef} className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormError message={generalError} />
          <TextField
            label={t('child.displayNameOptional')}
            name="displayName"
            autoComplete="off"
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            placeholder={t('child.displayNamePlaceholder')}
            value={values.displayName}
            error={errors.displayName}
            onChange={(event) => change('displayName', event.target.value)}
            onBlur={() => blur('displayName')}
          />
          <TextField
            label={t('child.birthDate')}
            name="birthDate"
            type="date"
            required
            max={today}
            value={values.birthDate}
            error={errors.birthDate}
            hint={ageHint(values.birthDate, today)}
            onChange={(event) => change('birthDate', event.target.value)}
            onBlur={() => blur('birthDate')}
          />
          <Select
            label={t('child.sex')}
            name="sex"
            required
            placeholder={t('child.selectSex')}
            options={SEX_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
            value={values.sex}
            error={errors.sex}
            onChange={(event) => change('sex', event.target.value)}
            onBlur={() => blur('sex')}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {t(SUBMIT_TEXT[phase])}
          </Button>
          {hasChildren ? (
            <Button variant="secondary" fullWidth disabled={busy} onClick={() => void navigate('/')}>
              {t('common.cancel')}
            </Button>
          ) : (
            <Button
              variant="ghost"
              fullWidth
              disabled={busy || childrenPending}
              onClick={() => void finishOnboarding()}
            >
              {t('onboarding.skip')}
            </Button>
          )}
        </form>
        <p className="onboarding-footer">{t('onboarding.footer')}</p>
      </div>
    </main>
  );
}
