/** The figures of a report's day that kinds add to it from their entries (the daily insights give the rest). */
export interface ReportDayFigures {
  /** Minutes of nursing on each breast, from the feedings that recorded them (a timer's). */
  nursingLeftMins: number;
  nursingRightMins: number;
  /** Ounces pumped, both sides, unrounded. */
  pumpedOz: number;
  /** Minutes on the tummy. */
  tummyTimeMins: number;
}

/** A food a meal names, for the report's list of foods tried. */
export interface ReportFood {
  food: string;
  reaction: boolean;
}

/** A dose of medicine, for the report's list of medicines given. */
export interface ReportDose {
  name: string;
}

/** A temperature taken, in °C, for the report's highest reading. */
export interface ReportReading {
  celsius: number;
}

/** What one kind of entry adds to the pediatrician's report. */
export interface ReportContribution<Details> {
  /** The figures one entry adds to the day it starts on; null when it adds none (a feeding without sides). */
  day?(details: Details, times: { startedAt: string; endedAt: string }): Partial<ReportDayFigures> | null;
  /** The food one entry names, from its details with their free text opened. */
  food?(details: Details): ReportFood;
  /** The medicine one entry gives, from its details with their free text opened. */
  dose?(details: Details): ReportDose;
  /** The temperature one entry took. */
  reading?(details: Details): ReportReading;
}
