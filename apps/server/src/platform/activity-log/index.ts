export { recordActivity, recordEachOrCount, type ActivityEntry } from './activity-log.ts';
export { changedValues } from './activity-changes.ts';
export { namesInOrder, objectName, objectExistsExpression } from './activity-objects.ts';
export { recordFailedSignIn, recordSessionEvent, type SignInOrigin } from './sign-in-activity.ts';
