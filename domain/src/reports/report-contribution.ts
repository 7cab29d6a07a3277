/** The figures of a report's day that kinds add to it from their entries (the daily insights give the rest). */
export interface ReportDayFigures {
  /** Minutes of nursing on each breast, from the feedings that recorded them (a timer's). */
  nursingLeftMins: number;
  nursingRightMins: number;
  /** Ounces pumped, both sides, unrounded. */
  pumpedOz: number;
}

/** What one kind of entry adds to the pediatrician's report. */
export interface ReportContribution<Details> {
  /** The figures one entry adds to the day it starts on; null when it adds none (a feeding without sides). */
  day?(details: Details): Partial<ReportDayFigures> | null;
}
