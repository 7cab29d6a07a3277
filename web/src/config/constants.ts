// Business constants from the product spec (§9), kept in one place so tests and code agree.

export const PRODUCT_NAME = 'Nightlight';

export const AUTH_STORAGE_KEY = 'auth-storage';
export const SESSION_DURATION_MS = 24 * 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 10 * 60 * 1000;

export const REFERRAL_CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const DISPLAY_NAME_MAX_LENGTH = 50;
/** The longest name a member of a family goes by (a child's display name is DISPLAY_NAME_MAX_LENGTH). */
export const MEMBER_NAME_MAX_LENGTH = 40;
export const MAX_CHILD_AGE_YEARS = 18;
export const DAYS_PER_MONTH = 30.44;

export const DEFAULT_NIGHT_WINDOW_START = '19:00';
export const DEFAULT_NIGHT_WINDOW_END = '08:00';

export const LOGIN_PATH = '/auth/login';

/** Id of every screen's <main>, the target of the 'Skip to main content' link. */
export const MAIN_CONTENT_ID = 'main';
