import type { ServerModule } from '../../platform/module.ts';
import { registerInspectionRoutes } from './inspections.routes.ts';

export const inspectionsModule: ServerModule = {
  name: 'inspections',
  mount: (app, { db, files }) => registerInspectionRoutes(app, { db, files }),
};
