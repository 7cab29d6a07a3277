/** Stream names of design.md §3, in one place. */
export const userStreamId = (userId: string): string => `user-${userId}`;
export const emailStreamId = (emailDigest: string): string => `email-${emailDigest}`;
export const referralStreamId = (code: string): string => `referral-${code}`;
export const childStreamId = (childId: string): string => `child-${childId}`;
/** `invitationId` is the keyed digest of an invitation code, never the code. */
export const invitationStreamId = (invitationId: string): string => `invitation-${invitationId}`;
/** One entry of a timeline: its kind and its id ('feeding-…'), as every kind's definition names it. */
export const entryStreamId = (kind: string, entryId: string): string => `${kind}-${entryId}`;
export const feedingStreamId = (feedingId: string): string => entryStreamId('feeding', feedingId);
export const sleepStreamId = (sleepId: string): string => entryStreamId('sleep', sleepId);
export const growthStreamId = (measurementId: string): string => `growth-${measurementId}`;
export const pumpingStreamId = (pumpingId: string): string => entryStreamId('pumping', pumpingId);
export const diaperStreamId = (diaperId: string): string => entryStreamId('diaper', diaperId);
/** One UTC day ('YYYY-MM-DD') of one kind of a child's entries: where overlaps are decided (entry-slot.decider.ts). */
export const entrySlotsStreamId = (kind: string, childId: string, day: string): string => `slots-${kind}-${childId}-${day}`;
export const timerStreamId = (timerId: string): string => `timer-${timerId}`;
/** Which timer of one kind a child has running: where "one running timer per kind per child" is decided. */
export const runningTimerStreamId = (kind: string, childId: string): string => `running-timer-${kind}-${childId}`;
