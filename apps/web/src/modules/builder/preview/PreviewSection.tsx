import type { Item, ItemState } from '@vigil/checklist';
import { usePreviewScope } from './PreviewContext.ts';
import { PreviewItemList } from './PreviewItemList.tsx';
import { ScoreTag } from './ScoreTag.tsx';

export function PreviewSection({ item, state, version, touched }: { item: Item; state: ItemState; version: number; touched: ReadonlySet<string> }) {
  const { childrenOf, evaluator } = usePreviewScope();
  return (
    <fieldset
      className="builder-preview-section"
      data-testid="preview-item"
      data-item-id={item.id}
      disabled={!state.enabled}
      style={state.color ? { borderInlineStartColor: state.color } : undefined}
    >
      <legend>
        {item.title}
        <ScoreTag total={evaluator.total(item.id)} testId="preview-section-score" />
      </legend>
      <PreviewItemList items={childrenOf.get(item.id) ?? []} version={version} touched={touched} />
    </fieldset>
  );
}
