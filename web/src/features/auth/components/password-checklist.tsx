const RULES = [
  { label: 'At least 8 characters', met: (password: string) => password.length >= 8 },
  { label: 'Upper and lowercase letters', met: (password: string) => /[a-z]/.test(password) && /[A-Z]/.test(password) },
  { label: 'At least one number', met: (password: string) => /\d/.test(password) },
] as const;

export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="checklist" aria-label="Password requirements">
      {RULES.map((rule) => {
        const met = rule.met(password);
        return (
          <li key={rule.label} className={met ? 'checklist-item checklist-met' : 'checklist-item'}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
