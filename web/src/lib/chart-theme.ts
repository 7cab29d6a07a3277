import type { ApexOptions } from 'apexcharts';

/** Whether the device asks for the dark palette (styles/base.css follows the same setting). */
export function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/**
 * What every chart shares: the palette's mode, and grid lines subdued in either (apexcharts' own
 * light grey glares on the dark background). `print`: light whatever the screen, for paper.
 */
export function chartTheme({ print = false }: { print?: boolean } = {}): Pick<ApexOptions, 'theme' | 'grid'> {
  const dark = !print && prefersDark();
  return { theme: { mode: dark ? 'dark' : 'light' }, grid: { borderColor: dark ? '#2f2d42' : '#e7e5ef', strokeDashArray: 3 } };
}
