import { passwordScore, passwordStrength } from '../lib/password-strength.ts';

/** Live feedback while typing a new password; hidden until something is typed. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className="strength" data-strength={strength.toLowerCase()}>
      <div className="strength-bar" aria-hidden="true">
        <span className="strength-fill" style={{ width: `${(passwordScore(password) / 5) * 100}%` }} />
      </div>
      <p className="strength-label" aria-live="polite">
        Password strength: <strong>{strength}</strong>
      </p>
    </div>
  );
}
