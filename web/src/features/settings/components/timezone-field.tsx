import { useId, useMemo, useState } from 'react';
import { FieldMessage } from '../../../components/field-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { matchesTimezone, otherTimezones, TIMEZONE_OPTIONS } from '../lib/timezones.ts';

const HINT = 'Used to decide day versus night sleep and for insights.';

type TimezoneFieldProps = { value: string; onChange: (timezone: string) => void };

/**
 * A child's time zone: the seven usual choices first, then every IANA zone, narrowed by a search
 * ('paris', 'sydney'). The zone chosen stays in the list whatever is searched, so the field never
 * shows one value while holding another.
 */
export function TimezoneField({ value, onChange }: TimezoneFieldProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const others = useMemo(otherTimezones, []);
  const fixed = TIMEZONE_OPTIONS.some((option) => option.value === value);
  const shown = others.filter((zone) => zone === value || matchesTimezone(zone, query));
  // A zone the browser does not list (an older alias kept by the server) is still the child's.
  if (!fixed && value && !shown.includes(value)) shown.unshift(value);

  return (
    <div className="timezone-field">
      <TextField label="Find a time zone" type="search" autoComplete="off" placeholder="City or region, e.g. Paris" value={query} onChange={(event) => setQuery(event.target.value)} />
      <div className="field">
        <label htmlFor={id} className="field-label">
          Timezone
        </label>
        <select id={id} className="field-input" aria-describedby={`${id}-message`} value={value} onChange={(event) => onChange(event.target.value)}>
          <optgroup label="Common">
            {TIMEZONE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
          <optgroup label={query.trim() ? `Matching “${query.trim()}”` : 'All time zones'}>
            {shown.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </optgroup>
        </select>
        <FieldMessage id={`${id}-message`} hint={HINT} />
      </div>
    </div>
  );
}
