/** The longest range a report covers, both ends included: a year, a leap year too. */
export const MAX_REPORT_DAYS = 366;
