import { PASSWORD_MIN_LENGTH } from '../../../config/constants.ts';
import { useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

const RULES = [
  { label: 'password.minLength', met: (password: string) => password.length >= 8 },
  { label: 'password.cases', met: (password: string) => /[a-z]/.test(password) && /[A-Z]/.test(password) },
  { label: 'password.number', met: (password: string) => /\d/.test(password) },
] as const satisfies readonly { label: MessageKey; met: (password: string) => boolean }[];

export function PasswordChecklist({ password }: { password: string }) {
  const t = useT();
  return (
    <ul className="checklist" aria-label={t('password.requirements')}>
      {RULES.map((rule) => {
        const met = rule.met(password);
        return (
          <li key={rule.label} className={met ? 'checklist-item checklist-met' : 'checklist-item'}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {t(rule.label, { min: PASSWORD_MIN_LENGTH })}
            <span className="visually-hidden">{` ${met ? t('password.met') : t('password.notMet')}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
