export const MILESTONE_ALERTS_COLLECTION = 'milestone_alerts';
