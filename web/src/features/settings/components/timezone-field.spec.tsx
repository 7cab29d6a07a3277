import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { speak } from '../../../lib/i18n/i18n-store.ts';
import { TimezoneField } from './timezone-field.tsx';

describe('the time-zone picker', () => {
  afterEach(() => speak('en'));

  it("names the common zones in the reader's language, each zone's id beside its name", async () => {
    await speak('fr');
    render(<TimezoneField value="America/Denver" onChange={() => {}} />);
    const common = within(screen.getByRole('group', { name: 'Courants' }));
    expect(common.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Est (America/New_York)',
      'Centre (America/Chicago)',
      'Rocheuses (America/Denver)',
      'Pacifique (America/Los_Angeles)',
      'Alaska (America/Anchorage)',
      'Hawaï (Pacific/Honolulu)',
      'UTC',
    ]);
    expect(screen.getByRole('combobox')).toHaveValue('America/Denver');
  });
});
