import { LockOutlined } from '@ant-design/icons';
import { canAddItem, getItemType, ITEM_GROUPS, offeredItemTypes, type ItemType, type TemplateDocument } from '@vigil/checklist';
import type { PlanFeature } from '@vigil/contracts';
import { Button, Card, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireFeature } from '../../../components/useRequireFeature.tsx';
import { useSession } from '../../auth/api.ts';
import { useEditor, useEditorStore } from '../state/EditorContext.tsx';
import { insertionTarget, useBuilderCommands } from './useBuilderCommands.tsx';

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
    for (let i = page + 1; i < state.document.items.length && state.document.items[i]!.depth > 0; i++) types += `${state.document.items[i]!.type},`;
    return `${state.pageId}|${state.selectedId}|${types}`;
  });
  return useMemo(() => {
    void key;
    const { document, pageId, selectedId } = store.getState();
    const target = insertionTarget(document, pageId, selectedId);
    return new Set(OFFERED.filter((type) => canAddItem(document as TemplateDocument, type, target.parent_id)));
  }, [key, store]);
}

/** Every type of the registry grouped as in spec 2 §3; gated ones open the upgrade prompt. */
export function TypesPanel() {
  const { t } = useTranslation('builder');
  const commands = useBuilderCommands();
  const requireFeature = useRequireFeature();
  const features: Partial<Record<PlanFeature, boolean>> = useSession()?.features ?? {};
  const allowed = useAllowedTypes();
  const missingFeature = (type: ItemType): PlanFeature | undefined => getItemType(type).features.find((feature) => features[feature] !== true);
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('types_panel.title')}</h2>} className="builder-types">
      {GROUPS.map(({ group, types }) => (
        <div key={group} className="builder-type-group" role="group" aria-labelledby={`type-group-${group}`}>
          <Typography.Text type="secondary" id={`type-group-${group}`}>
            {t(`groups.${group}`)}
          </Typography.Text>
          <div>
            {types.map((type) => {
              const feature = missingFeature(type);
              const here = allowed.has(type);
              return (
                <Tooltip key={type} title={feature ? t('types_panel.locked') : here ? undefined : t('types_panel.not_here')}>
                  <Button
                    size="small"
                    data-type={type}
                    aria-label={t('types_panel.add', { type: t(`types.${type}`) })}
                    disabled={!here && !feature}
                    icon={feature ? <LockOutlined aria-hidden /> : undefined}
                    onClick={() => (feature ? requireFeature(feature, () => commands.addQuestion(type)) : commands.addQuestion(type))}
                  >
                    {t(`types.${type}`)}
                  </Button>
                </Tooltip>
              );
            })}
          </div>
        </div>
      ))}
    </Card>
  );
}
