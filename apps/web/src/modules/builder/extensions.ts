/**
 * Where later builder parts plug in without touching the builder core: each item modal registers a
 * lazily imported component under its action, the preview under `BUILDER_PREVIEW`. An action whose
 * modal is not registered shows as disabled. Example of a registration:
 *
 *   rules: lazy(() => import('./modals/RulesModal.tsx').then((m) => ({ default: m.RulesModal }))),
 */
import type { TemplateDocument } from '@vigil/checklist';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const MODAL_ACTIONS = [
  'repeatable',
  'rules',
  'image_marker',
  'group_options',
  'related_info',
  'conflict',
  'repeating_group',
] as const;
export type ModalAction = (typeof MODAL_ACTIONS)[number];

/** Every item modal takes these props; `onApply` receives the document a domain operation returned. */
export interface BuilderModalProps {
  document: TemplateDocument;
  itemId: string;
  open: boolean;
  onApply: (nextDocument: TemplateDocument) => void;
  onClose: () => void;
}

export const BUILDER_MODALS: Partial<Record<ModalAction, LazyExoticComponent<ComponentType<BuilderModalProps>>>> = {
  rules: lazy(() => import('./modals/RulesModal.tsx').then((m) => ({ default: m.RulesModal }))),
  repeatable: lazy(() => import('./modals/RepeatableModal.tsx').then((m) => ({ default: m.RepeatableModal }))),
  group_options: lazy(() => import('./modals/GroupOptionsModal.tsx').then((m) => ({ default: m.GroupOptionsModal }))),
  related_info: lazy(() => import('./modals/RelatedInfoModal.tsx').then((m) => ({ default: m.RelatedInfoModal }))),
  conflict: lazy(() => import('./modals/ConflictModal.tsx').then((m) => ({ default: m.ConflictModal }))),
  repeating_group: lazy(() => import('./modals/RepeatingGroupModal.tsx').then((m) => ({ default: m.RepeatingGroupModal }))),
};

/** The preview pane shown beside the builder when the preview toggle is on. */
export interface BuilderPreviewProps {
  document: TemplateDocument;
  onClose: () => void;
}

export const BUILDER_PREVIEW: { component: LazyExoticComponent<ComponentType<BuilderPreviewProps>> | null } = {
  component: lazy(() => import('./preview/BuilderPreview.tsx').then((m) => ({ default: m.BuilderPreview }))),
};
