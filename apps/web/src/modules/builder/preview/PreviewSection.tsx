import type { Item, ItemState } from '@vigil/checklist';
import { usePreviewScope } from './PreviewContext.ts';
import { PreviewItemList } from './PreviewItemList.tsx';
import { ScoreTag } from './ScoreTag.tsx';

interface Props {
  item: Item;
  state: ItemState;
  childrenOf: ReadonlyMap<string, readonly Item[]>;
  touched: ReadonlySet<string>;
}

export function PreviewSection({ item, state, childrenOf, touched }: Props) {
  const { evaluator } = usePreviewScope();
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
      <PreviewItemList items={childrenOf.get(item.id) ?? []} childrenOf={childrenOf} touched={touched} />
    </fieldset>
  );
}
