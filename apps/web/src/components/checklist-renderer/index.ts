export { ChecklistRenderer, type ChecklistRendererProps, type ChecklistReveal } from './ChecklistRenderer.tsx';
export type { AnswerBadge, ChecklistSession, ChecklistSources, GlobalListEntry, UploadOptions } from './ChecklistScope.ts';
export type { AnswerErrors } from './render-frame.ts';
export { choicesToAnswer, DATE_TYPES, dateKind, RETIRED_TYPES, sliderRange, TEXT_TYPES } from './answer-kinds.ts';
export { dateShapeOf, fitToShape, type DateShape } from './answer-dates.ts';
export { progressByPage, answerablePages, totalProgress, type PageProgress } from './page-progress.ts';
export { compressionTarget, QUALITY_MAX_SIDE } from './media/image-compression.ts';
