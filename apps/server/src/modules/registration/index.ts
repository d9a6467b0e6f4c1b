import type { ServerModule } from '../../platform/module.ts';
import { registerRegistrationRoutes } from './registration.routes.ts';

export const registrationModule: ServerModule = { name: 'registration', mount: registerRegistrationRoutes };
