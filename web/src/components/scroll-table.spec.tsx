import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrollTable } from './scroll-table.tsx';

describe('ScrollTable', () => {
  it('is a named region a keyboard can focus to scroll, with no hint while nothing is out of sight', () => {
    render(
      <ScrollTable label="Scrollable table of the days">
        <table>
          <tbody>
            <tr>
              <td>1</td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>,
    );
    const region = screen.getByRole('region', { name: 'Scrollable table of the days' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.queryByText('Scroll sideways for more →')).not.toBeInTheDocument();
  });
});
