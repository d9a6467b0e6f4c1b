export { ChecklistRenderer } from './ChecklistRenderer.tsx';
export type { ChecklistSession, ChecklistSources, GlobalListEntry, UploadOptions } from './ChecklistScope.ts';
export { choicesToAnswer, DATE_TYPES, dateKind, sliderRange, TEXT_TYPES } from './answer-kinds.ts';
