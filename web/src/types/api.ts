// Shapes of the server's answers, as documented in docs/api.md. What the domain defines is imported
// from it as types only (erased from the bundle): the web still talks to the server over HTTP only.
import type { ChildRole, Sex } from '@nightlight/domain/children/child.events';
import type { DiaperContents, DiaperGuidance, StoolColor } from '@nightlight/domain/diapers/diaper-rules';
import type { BottleContent, FeedingMethod, NursingSides } from '@nightlight/domain/feedings/feeding-rules';
import type { DailyInsightsView } from '@nightlight/domain/insights/daily-insights-view';
import type { WeeklyRow } from '@nightlight/domain/insights/weekly-rows';
import type { ChildView } from '@nightlight/domain/read-models/children/child-document';
import type { UserView } from '@nightlight/domain/read-models/users/user-document';
import type { LoggedBy, Member } from '@nightlight/domain/read-models/children/membership-document';
import type { growthApiView } from '@nightlight/domain/read-models/growth/growth-document';
import type { TimelineEntryView } from '@nightlight/domain/timeline/timeline-entry';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { InsightsSummary } from '@nightlight/domain/insights/insight-summary';
import type { Correlations } from '@nightlight/domain/insights/correlations';
import type { ActiveMilestoneAlert } from '@nightlight/domain/milestones/active-milestone-alert';
import type { MilestoneAlertType } from '@nightlight/domain/milestones/milestone-schedule';
import type { CurvePoint, GrowthCurvesView } from '@nightlight/domain/growth/who-percentiles';
import type { GrowthUnits, Units, VolumeUnit } from '@nightlight/domain/units/units';
import type { EnteredAmount } from '@nightlight/domain/units/volume';
import type { TimerView } from '@nightlight/domain/read-models/timers/timer-document';
import type { BreastSide, TimerKind } from '@nightlight/domain/timers/timer.events';
import type { GlanceView } from '@nightlight/domain/timers/glance-view';
import type { NextNapEstimate } from '@nightlight/domain/timers/wake-windows';


export type { BreastSide, ChildRole, Correlations, DiaperContents, DiaperGuidance, EnteredAmount, FeedingMethod, GrowthUnits, InsightsSummary, LoggedBy, Member, MilestoneAlertType, NursingSides, StoolColor, TimerKind, Units, VolumeUnit, WeeklyRow };
export type ChildSex = Sex;
export type FeedingType = BottleContent;
export type Child = ChildView;
export type DailyInsights = DailyInsightsView;
export type GrowthMeasurement = ReturnType<typeof growthApiView>;
export type GrowthCurves = GrowthCurvesView;
export type GrowthCurvePoint = CurvePoint;
export type Feeding = EntryApiViews['feeding'];
export type Sleep = EntryApiViews['sleep'];
export type SleepEnvironment = NonNullable<Sleep['environment']>;
export type Diaper = EntryApiViews['diaper'];
export type Pumping = EntryApiViews['pumping'];
export type MilestoneAlert = ActiveMilestoneAlert;
/** A running timer, as every member's dashboard shows it. */
export type Timer = TimerView;
/** The dashboard's top line: last feed, awake or asleep since, the last bottle, the next nap. */
export type Glance = GlanceView;
export type NextNap = NextNapEstimate;
export type LastBottle = NonNullable<GlanceView['lastBottle']>;


/** Stored by the app as signed in; a session stored before units existed has none (read as null). */
export type User = UserView;


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

/** What a line says a parent should do, with its source: a diaper's or a temperature's guidance. */
export type EntryGuidance = { message: string; reason: string; source: { title: string; url: string } };

/** The timeline view of an entry, as the server formats it, with who logged it; a kind's guidance is added by the lists. */
export type TimelineEntry = TimelineEntryView & {
  loggedBy?: LoggedBy;
  guidance?: EntryGuidance | null;
};

export type DailyInsightsResponse = { days: DailyInsights[]; today: DailyInsights };


