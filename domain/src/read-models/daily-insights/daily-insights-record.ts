import type { DailyInsightsDocument } from '../../insights/daily-insights';

export const DAILY_INSIGHTS_COLLECTION = 'daily_insights';

/** One child's local date, as the projector stores it. */
export type DailyInsightsRecord = DailyInsightsDocument & { _id: string; childId: string; ownerId: string; [key: string]: unknown };

export const dailyInsightsId = (childId: string, date: string): string => `${childId}:${date}`;
