import { useId, useMemo, useState } from 'react';
import { FieldMessage } from '../../../components/field-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { matchesTimezone, otherTimezones, TIMEZONE_OPTIONS } from '../lib/timezones.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';


type TimezoneFieldProps = { value: string; onChange: (timezone: string) => void };

/**
 * A child's time zone: the seven usual choices first, then every IANA zone, narrowed by a search
 * ('paris', 'sydney'). The zone chosen stays in the list whatever is searched, so the field never
 * shows one value while holding another.
 */
export function TimezoneField({ value, onChange }: TimezoneFieldProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const t = useT();
  const others = useMemo(otherTimezones, []);
  const fixed = TIMEZONE_OPTIONS.some((option) => option.value === value);
  const shown = others.filter((zone) => zone === value || matchesTimezone(zone, query));
  // A zone the browser does not list (an older alias kept by the server) is still the child's.
  if (!fixed && value && !shown.includes(value)) shown.unshift(value);

  return (
    <div className="timezone-field">
      <TextField label={t('timezone.find')} type="search" autoComplete="off" placeholder={t('timezone.placeholder')} value={query} onChange={(event) => setQuery(event.target.value)} />
      <div className="field">
        <label htmlFor={id} className="field-label">
          {t('timezone.label')}
        </label>
        <select id={id} className="field-input" aria-describedby={`${id}-message`} value={value} onChange={(event) => onChange(event.target.value)}>
          <optgroup label={t('timezone.common')}>
            {TIMEZONE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.name ? t('timezone.zone', { zone: option.name, id: option.value }) : option.value}
              </option>
            ))}
          </optgroup>
          <optgroup label={query.trim() ? t('timezone.matching', { query: query.trim() }) : t('timezone.all')}>
            {shown.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </optgroup>
        </select>
        <FieldMessage id={`${id}-message`} hint={t('timezone.hint')} />
      </div>
    </div>
  );
}
