import type { ServerModule } from '../../platform/module.ts';
import { registerChecklistSettingsRoutes } from './checklist-settings.routes.ts';

export const checklistSettingsModule: ServerModule = { name: 'checklist-settings', mount: registerChecklistSettingsRoutes };
