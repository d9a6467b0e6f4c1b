export { recordActivity, type ActivityEntry } from './activity-log.ts';
