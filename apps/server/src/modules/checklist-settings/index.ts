export { registerChecklistSettingsRoutes } from './checklist-settings.routes.ts';
