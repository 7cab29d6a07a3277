import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../testing/render-app.tsx';
import type { TimelineEntry } from '../../../types/api.ts';
import { EntryList } from './entry-list.tsx';

const entry = (id: string, displayName: string): TimelineEntry => ({
  id,
  datetime: '2026-11-25T03:10',
  type: 'Feeding',
  icon: '🍼',
  amount: '4 oz',
  duration: '15m',
  notes: 'Bottle feeding',
  status: 'completed',
  loggedBy: { memberId: `member-${id}`, displayName },
});

describe('EntryList', () => {
  it('says who logged each entry, a member who left as "Former member"', () => {
    renderPage(<EntryList childId="child-1" entries={[entry('a', 'Sam'), entry('b', 'Former member')]} emptyTitle="Nothing yet" emptyHint="" label="Today" />);
    expect(screen.getByText('by Sam')).toBeInTheDocument();
    expect(screen.getByText('by Former member')).toBeInTheDocument();
  });

  it('shows a diaper change with what it held, no duration, and the guidance its colour calls for with the source', () => {
    const diaper: TimelineEntry = {
      id: 'd1',
      datetime: '2026-11-25T03:10',
      type: 'Diaper',
      icon: '💩',
      amount: 'Dirty · red',
      duration: '-',
      notes: '',
      status: 'completed',
      guidance: { message: 'Talk to your pediatrician', reason: 'Red in the stool can be blood.', source: { title: 'Stool Color Library', url: 'https://hopkinschildrens.org/stool-color-library/' } },
    };
    renderPage(<EntryList childId="child-1" entries={[diaper]} emptyTitle="Nothing yet" emptyHint="" label="Today" />);
    expect(screen.getByText('Contents').nextSibling).toHaveTextContent('Dirty · red');
    expect(screen.queryByText('Duration')).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Talk to your pediatrician Red in the stool can be blood. Stool Color Library');
    expect(screen.getByRole('link', { name: 'Stool Color Library' })).toHaveAttribute('href', 'https://hopkinschildrens.org/stool-color-library/');
    expect(screen.getByRole('button', { name: /Delete diaper at/ })).toBeInTheDocument();
  });
});
