export { registerRegistrationRoutes } from './registration.routes.ts';
export { insertAccountToken, spendInvitations } from './registration.repo.ts';
