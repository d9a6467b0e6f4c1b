export { registerRegistrationRoutes } from './registration.routes.ts';
