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
});
