export { START_PERMISSIONS } from './api.ts';
export { useStartInspection, type StartInspection, type TemplateToStart } from './components/useStartInspection.tsx';
