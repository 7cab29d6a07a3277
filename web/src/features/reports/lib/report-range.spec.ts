import { describe, expect, it } from 'vitest';
import { customRangeProblem, presetRange } from './report-range.ts';

describe('the report ranges', () => {
  it("end today, as the dashboard's Last 7 Days, and count whole days back, across months and years", () => {
    expect(presetRange('Last 7 days', '2026-06-08')).toEqual({ from: '2026-06-02', to: '2026-06-08' });
    expect(presetRange('Last 14 days', '2026-03-01')).toEqual({ from: '2026-02-16', to: '2026-03-01' });
    expect(presetRange('Last 30 days', '2026-01-05')).toEqual({ from: '2025-12-07', to: '2026-01-05' });
  });

  it('ask for two real dates in order, at most 366 days apart', () => {
    expect(customRangeProblem({ from: '', to: '2026-06-07' })).toEqual({ field: 'from', message: 'Enter a start date' });
    expect(customRangeProblem({ from: '2026-06-01', to: '2026-02-30' })).toEqual({ field: 'to', message: 'Enter an end date' });
    expect(customRangeProblem({ from: '2026-06-08', to: '2026-06-07' })).toEqual({ field: 'from', message: 'The start date must be on or before the end date' });
    expect(customRangeProblem({ from: '2025-06-07', to: '2026-06-08' })).toEqual({ field: 'to', message: 'A report can cover at most 366 days' });
    expect(customRangeProblem({ from: '2025-06-08', to: '2026-06-08' })).toBeNull();
    expect(customRangeProblem({ from: '2026-06-07', to: '2026-06-07' })).toBeNull();
  });
});
