import type { WeeklyNote } from '@nightlight/domain/insights/weekly-rows';
import type { FeedingMethod } from '@nightlight/domain/insights/insight-inputs';
import type { LastBottle } from '../../types/api.ts';
import { t, type MessageKey } from './i18n-store.ts';

/**
 * The API's values that are words (a day's note in the weekly table), in the reader's language:
 * the API keeps them stable, in English, for clients to match on.
 */
const WEEKLY_NOTES: Record<WeeklyNote, MessageKey> = {
  'No data': 'weeklyNote.noData',
  'Frequent feeds': 'weeklyNote.frequentFeeds',
  'Great sleep day': 'weeklyNote.greatSleep',
  'Short sleep': 'weeklyNote.shortSleep',
  'Normal day': 'weeklyNote.normal',
};

export const weeklyNoteText = (note: WeeklyNote): string => t(WEEKLY_NOTES[note]);

const FEEDING_METHODS: Record<FeedingMethod, MessageKey> = { Bottle: 'feedingMethod.bottle', Nursing: 'feedingMethod.nursing' };

export const feedingMethodText = (method: FeedingMethod): string => t(FEEDING_METHODS[method]);

type BottleContents = NonNullable<LastBottle['type']>;
const BOTTLE_CONTENTS: Record<BottleContents, MessageKey> = { 'Breast Milk': 'bottleContents.breastMilk', Formula: 'bottleContents.formula' };

export const bottleContentsText = (contents: BottleContents): string => t(BOTTLE_CONTENTS[contents]);

/**
 * The notes the server gives an entry logged without one (seed: 'Sleep session', '{method}
 * feeding'): the app's words, not a parent's.
 */
const DEFAULT_NOTES: Record<string, MessageKey> = {
  'Sleep session': 'entry.sleepSessionNote',
  'Bottle feeding': 'entry.bottleFeedingNote',
  'Nursing feeding': 'entry.nursingFeedingNote',
};

/** An entry's notes as shown: a parent's own words as written, the server's default note in the reader's language. */
export const notesText = (notes: string): string => (Object.hasOwn(DEFAULT_NOTES, notes) ? t(DEFAULT_NOTES[notes]!) : notes);

const SEXES: Record<string, MessageKey> = { Female: 'sex.female', Male: 'sex.male', Unknown: 'sex.unknown', Other: 'sex.other' };

/** A child's sex as the API keeps it ('Female', 'Male', 'Unknown'), in the reader's language. */
export const sexName = (sex: string): string => (Object.hasOwn(SEXES, sex) ? t(SEXES[sex]!) : sex);
