// Shapes of the server's answers, as documented in docs/api.md. What the domain defines is imported
// from it as types only (erased from the bundle): the web still talks to the server over HTTP only.
import type { ChildRole, Sex } from '@nightlight/domain/children/child.events';
import type { DiaperContents, StoolColor } from '@nightlight/domain/diapers/diaper.events';
import type { DiaperGuidance } from '@nightlight/domain/diapers/diaper-rules';
import type { BottleContent, FeedingMethod } from '@nightlight/domain/feedings/feeding.events';
import type { DailyInsightsView } from '@nightlight/domain/insights/daily-insights-view';
import type { WeeklyRow } from '@nightlight/domain/insights/weekly-rows';
import type { ChildView } from '@nightlight/domain/read-models/children/child-document';
import type { LoggedBy, Member } from '@nightlight/domain/read-models/children/membership-document';
import type { growthApiView } from '@nightlight/domain/read-models/growth/growth-document';
import type { TimelineEntryView } from '@nightlight/domain/timeline/timeline-entry';
import type { GrowthUnits, Units, VolumeUnit } from '@nightlight/domain/units/units';
import type { EnteredAmount } from '@nightlight/domain/units/volume';


export type { ChildRole, DiaperContents, DiaperGuidance, FeedingMethod, GrowthUnits, LoggedBy, Member, StoolColor, Units, VolumeUnit, WeeklyRow };
export type ChildSex = Sex;
export type FeedingType = BottleContent;
export type Child = ChildView;
export type DailyInsights = DailyInsightsView;
export type GrowthMeasurement = ReturnType<typeof growthApiView>;


export type User = {
  id: string;
  email: string;
  /** Shown to the other members of the user's families; null when none is set. */
  displayName?: string | null;
  onboardingCompleted: boolean;
  /** Null until the user chooses; the app then follows the browser's locale. */
  units?: Units | null;
  referralCode?: string;
  referralUsesLeft?: number;
};


export type Invitation = { code: string; url: string; role: ChildRole; expiresAt: string; invitedBy: string };

export type InvitationPreview = { childDisplayName: string; role: ChildRole; invitedBy: string; expiresAt: string };

export type AuthResponse = {
  user: User;
  accessToken: string;
  refreshToken: string;
};

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
};

export type OkResponse = { ok: true };

/** The timeline view of an entry, as the server formats it, with who logged it; a diaper's guidance is added by the lists. */
export type TimelineEntry = TimelineEntryView & {
  loggedBy?: LoggedBy;
  guidance?: DiaperGuidance | null;
};

export type Feeding = {
  id: string;
  childId: string;
  startedAt: string;
  endedAt: string | null;
  amountOz: number | null;
  /** The same amount in millilitres, one decimal. */
  amountMl?: number | null;
  /** As the parent entered it. */
  enteredAmount?: EnteredAmount | null;
  method: FeedingMethod;
  type: FeedingType | null;
  notes: string;
  entry: TimelineEntry;
};

export type SleepEnvironment = { roomTemp: number | null; whiteNoise: boolean; sleepSackTag: string | null };

export type Sleep = {
  id: string;
  childId: string;
  startedAt: string;
  endedAt: string;
  environment: SleepEnvironment | null;
  notes: string;
  entry: TimelineEntry;
};


export type Diaper = {
  id: string;
  childId: string;
  occurredAt: string;
  contents: DiaperContents;
  color: StoolColor | null;
  guidance: DiaperGuidance | null;
  notes: string;
  entry: TimelineEntry;
};

export type Pumping = {
  id: string;
  childId: string;
  startedAt: string;
  durationMinutes: number | null;
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
  notes: string;
  entry: TimelineEntry;
};

export type InsightsSummary = {
  feeding: {
    avgOzPerFeed: number | null;
    avgIntervalHuman: string | null;
    lastFeed: { timeISO: string; amountOz: number | null; method: FeedingMethod } | null;
  };
  sleep: { avgNapHuman: string | null; bedtimeWindow: { earliest: string | null; latest: string | null } };
};

export type DailyInsightsResponse = { days: DailyInsights[]; today: DailyInsights };

export type Correlations = {
  napLengthDeltaByFeedBucket: Record<string, number>;
  longNightStretchDeltaOnHighNapDays?: number | null;
  firstNightStretchDeltaWhenLastFeedInLateWindow?: number | null;
};

export type MilestoneAlertType = 'ONE_WEEK_WARNING' | 'MILESTONE_REACHED';

export type MilestoneAlert = {
  id: string;
  isNew: boolean;
  alertType: MilestoneAlertType;
  milestone: { label: string; amountPerFeeding: string; feedingsPerDay: string; details: string[] };
};

export type GrowthCurvePoint = { month: number; values: number[] };

export type GrowthCurves = {
  sex: ChildSex;
  percentiles: number[];
  weight: GrowthCurvePoint[];
  length: GrowthCurvePoint[];
  head: GrowthCurvePoint[];
};
