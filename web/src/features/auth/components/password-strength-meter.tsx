import { passwordScore, passwordStrength } from '../lib/password-strength.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/** Live feedback while typing a new password; hidden until something is typed. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const t = useT();
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className="strength" data-strength={strength.toLowerCase()}>
      <div className="strength-bar" aria-hidden="true">
        <span className="strength-fill" style={{ width: `${(passwordScore(password) / 5) * 100}%` }} />
      </div>
      <p className="strength-label" aria-live="polite">
        {t('password.strength')} <strong>{t(`password.strength${strength}`)}</strong>
      </p>
    </div>
  );
}
