// Shapes of the server's answers, as documented in docs/api.md.

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

export type Units = { volume: VolumeUnit; growth: GrowthUnits };
export type GrowthUnits = 'metric' | 'imperial';

export type ChildSex = 'Female' | 'Male' | 'Unknown';

export type Child = {
  id: string;
  displayName: string;
  birthDate: string;
  sex: ChildSex;
  nightWindowStart: string;
  nightWindowEnd: string;
  timezone: string;
  /** The signed-in user's role in the child's family. */
  role: ChildRole;
};

export type ChildRole = 'parent' | 'caregiver';

/** Who logged an entry: a member's display name, their role, or 'Former member'. */
export type LoggedBy = { memberId: string; displayName: string };

export type Member = { memberId: string; displayName: string; role: ChildRole; isYou: boolean };

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

export type FeedingMethod = 'Bottle' | 'Nursing';
export type FeedingType = 'Breast Milk' | 'Formula';

/** The timeline view of a feeding or sleep, as the server formats it. */
export type TimelineEntry = {
  id: string;
  /** Local wall-clock time in the child's zone, 'YYYY-MM-DDTHH:MM'. */
  datetime: string;
  type: 'Feeding' | 'Sleep' | 'Diaper' | 'Pumping';
  icon: string;
  amount: string;
  duration: string;
  notes: string;
  status: 'completed';
  loggedBy?: LoggedBy;
  /** A diaper change's guidance, shown with it in the lists. */
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
  enteredAmount?: { value: number; unit: VolumeUnit } | null;
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

export type DiaperContents = 'wet' | 'dirty' | 'both' | 'dry';
export type StoolColor = 'yellow' | 'green' | 'brown' | 'black' | 'red' | 'white';

/** What a stool colour calls for at the child's age: shown with the change. */
export type DiaperGuidance = { message: 'Talk to your pediatrician'; reason: string; source: { title: string; url: string } };

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

export type VolumeUnit = 'mL' | 'oz';

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

export type DailyInsights = {
  date: string;
  feeding: { totalOz24h: number; avgIntervalMins: number | null; feedCount: number };
  sleep: {
    totalDayMins: number;
    totalNightMins: number;
    longestNightStretchMins: number | null;
    firstNightStretchMins: number | null;
    bedtimeWindow: { earliest: string | null };
    totalDayHuman: string;
    totalNightHuman: string;
    longestNightStretchHuman: string | null;
  };
  diapers: { changeCount: number; wetCount: number; dirtyCount: number };
};

export type DailyInsightsResponse = { days: DailyInsights[]; today: DailyInsights };

export type WeeklyRow = {
  day: string;
  date: string;
  isToday: boolean;
  isWeekend: boolean;
  feeds: number;
  totalOz: string;
  /** The same total in whole millilitres. */
  totalMl: string;
  sleepHours: string;
  diapers: number;
  note: string;
};

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

export type GrowthMeasurement = {
  id: string;
  childId: string;
  /** The child's local date, 'YYYY-MM-DD'. */
  measuredOn: string;
  ageDays: number;
  weightKg: number | null;
  lengthCm: number | null;
  headCm: number | null;
  /** Each measure in the reader's system: '7.93 kg', '17.49 lb'. */
  display: { weight: string | null; length: string | null; head: string | null };
  /** WHO percentiles (0-100, one decimal); null without a sex, past five years or without the measure. */
  percentiles: { weight: number | null; length: number | null; head: number | null };
};

export type GrowthCurvePoint = { month: number; values: number[] };

export type GrowthCurves = {
  sex: ChildSex;
  percentiles: number[];
  weight: GrowthCurvePoint[];
  length: GrowthCurvePoint[];
  head: GrowthCurvePoint[];
};
