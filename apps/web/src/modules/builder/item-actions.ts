/**
 * The actions of one item's action bar (spec 2 §2, §4), decided from the registry and the domain:
 * which toggles the type has, which modals it opens, which plan feature each needs, and why one is
 * disabled. The bar renders this list inline or as a dropdown.
 */
import {
  getItemType,
  optionKeys,
  repeatableRefusal,
  TOGGLE_OPTIONS,
  type Item,
  type Refusal,
  type TemplateDocument,
  type ToggleOption,
} from '@vigil/checklist';
import type { PlanFeature } from '@vigil/contracts';
import { BUILDER_MODALS, type ModalAction } from './extensions.ts';

export type ItemAction =
  | { kind: 'toggle'; key: ToggleOption; on: boolean }
  | { kind: 'modal'; key: ModalAction; feature: PlanFeature | null; locked: boolean; refusal: Refusal | null; registered: boolean }
  | { kind: 'command'; key: 'copy' | 'delete' };

const SYSTEM_TYPES = new Set(['inspection_real_start_date', 'inspection_real_end_date']);

export function itemActions(doc: TemplateDocument, item: Item, features: Partial<Record<PlanFeature, boolean>>): ItemAction[] {
  if (SYSTEM_TYPES.has(item.type)) return [];
  const definition = getItemType(item.type);
  const keys = optionKeys(item.type);
  const actions: ItemAction[] = TOGGLE_OPTIONS.filter((key) => keys.includes(key)).map((key) => ({
    kind: 'toggle',
    key,
    on: item.options[key] === true,
  }));
  const modal = (key: ModalAction, feature: PlanFeature | null, refusal: Refusal | null = null): ItemAction => ({
    kind: 'modal',
    key,
    feature,
    locked: feature !== null && features[feature] !== true,
    refusal,
    registered: BUILDER_MODALS[key] !== undefined,
  });
  if (definition.repeatable) actions.push(modal('repeatable', 'ckl_item_repeater', repeatableRefusal(doc, item.id)));
  if (definition.takesRules && features.ckl_rule === true) actions.push(modal('rules', 'ckl_rule'));
  if (item.type === 'section') {
    actions.push(modal('image_marker', 'ckl_image_marker'));
    actions.push(modal('group_options', null));
  }
  if (keys.includes('info_id')) actions.push(modal('related_info', null));
  actions.push(modal('conflict', null));
  if (item.type === 'repeating_group') actions.push(modal('repeating_group', 'ckl_repeater'));
  actions.push({ kind: 'command', key: 'copy' }, { kind: 'command', key: 'delete' });
  return actions;
}
