import { LockOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { canAddItem, getItemType, ITEM_GROUPS, offeredItemTypes, type ItemType } from '@vigil/checklist';
import type { PlanFeature } from '@vigil/contracts';
import { Button, Card, Tooltip, Typography } from 'antd';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireFeature } from '../../../components/useRequireFeature.tsx';
import { useSession } from '../../../lib/session.ts';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';
import type { TypeDragData } from './BuilderDnd.tsx';
import { insertionTarget, useBuilderCommands, type InsertionTarget } from './useBuilderCommands.tsx';

const DRAG_HELP_ID = 'builder-type-drag-help';

const OFFERED = offeredItemTypes();
const GROUPS = ITEM_GROUPS.filter((group) => group !== 'pages')
  .map((group) => ({ group, types: OFFERED.filter((type) => getItemType(type).group === group) }))
  .filter(({ types }) => types.length > 0);

/** The types the current insertion point accepts; recomputed only when the page's make-up changes. */
function useAllowedTypes(): ReadonlySet<ItemType> {
  const store = useEditorStore();
  const key = useEditor((state) => {
    const page = state.document.items.findIndex((item) => item.id === state.pageId);
    let types = '';
    for (let i = page + 1; i < state.document.items.length && state.document.items[i].depth > 0; i++)
      types += `${state.document.items[i].type},`;
    return `${state.pageId}|${state.selectedId}|${types}`;
  });
  return useMemo(() => {
    void key;
    const { document, pageId, selectedId } = store.getState();
    const target = insertionTarget(document, pageId, selectedId);
    return new Set(OFFERED.filter((type) => canAddItem(document, type, target.parent_id)));
  }, [key, store]);
}

/**
 * Every type of the registry grouped as in spec 2 §3. A click (or Enter) adds the type at the
 * insertion point; a drag (pointer, or Space and the arrow keys) places it in the tree or on a page
 * (`BuilderDnd`). Gated types open the upgrade prompt either way.
 */
export function TypesPanel() {
  const { t } = useTranslation('builder');
  const features: Partial<Record<PlanFeature, boolean>> = useSession()?.features ?? {};
  const allowed = useAllowedTypes();
  const missingFeature = (type: ItemType): PlanFeature | undefined =>
    getItemType(type).features.find((feature) => features[feature] !== true);
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('types_panel.title')}</h2>} className="builder-types">
      <span id={DRAG_HELP_ID} hidden>
        {t('dnd.type_instructions')}
      </span>
      {GROUPS.map(({ group, types }) => (
        <div key={group} className="builder-type-group" role="group" aria-labelledby={`type-group-${group}`}>
          <Typography.Text type="secondary" id={`type-group-${group}`}>
            {t(`groups.${group}`)}
          </Typography.Text>
          <div>
            {types.map((type) => (
              <TypeButton key={type} type={type} allowedHere={allowed.has(type)} feature={missingFeature(type)} />
            ))}
          </div>
        </div>
      ))}
    </Card>
  );
}

interface TypeButtonProps {
  type: ItemType;
  /** Whether the insertion point accepts the type; a drop elsewhere is left to the domain. */
  allowedHere: boolean;
  /** The plan feature the workspace lacks for this type, if any. */
  feature: PlanFeature | undefined;
}

const TypeButton = memo(function TypeButton({ type, allowedHere, feature }: TypeButtonProps) {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  const requireFeature = useRequireFeature();
  const add = useCallback(
    (target?: InsertionTarget) =>
      feature ? requireFeature(feature, () => commands.addQuestion(type, target)) : commands.addQuestion(type, target),
    [feature, requireFeature, commands, type],
  );
  const disabled = !allowedHere && !feature;
  const data: TypeDragData = { kind: 'type', type, add };
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `type:${type}`,
    data,
    disabled,
    attributes: { roleDescription: t('types_panel.drag_role') },
  });
  return (
    <Tooltip title={feature ? t('types_panel.locked') : allowedHere ? undefined : t('types_panel.not_here')}>
      <Button
        ref={setNodeRef}
        size="small"
        data-type={type}
        {...attributes}
        {...listeners}
        aria-describedby={DRAG_HELP_ID}
        aria-label={t('types_panel.add', { type: t(`types.${type}`) })}
        disabled={disabled}
        icon={feature ? <LockOutlined aria-hidden /> : undefined}
        onClick={() => add()}
      >
        {t(`types.${type}`)}
      </Button>
    </Tooltip>
  );
});
