import { parseAnswerKey, type Item } from '@vigil/checklist';
import { usePreviewScope } from './PreviewContext.ts';
import { PreviewQuestion } from './PreviewQuestion.tsx';
import { PreviewSection } from './PreviewSection.tsx';

/**
 * The visible children of a page or section, read from the evaluator on every render (after each
 * answer); questions whose state object did not change skip their render (memo).
 */
export function PreviewItemList({ items, childrenOf, touched }: { items: readonly Item[]; childrenOf: ReadonlyMap<string, readonly Item[]>; touched: ReadonlySet<string> }) {
  const { evaluator, keyOf, answerOf } = usePreviewScope();
  return (
    <>
      {items.map((item) => {
        const key = keyOf(item.id);
        const { itemId, instanceId } = parseAnswerKey(key);
        const state = evaluator.get(itemId, instanceId);
        if (!state || !state.visible) return null;
        if (item.type === 'section') return <PreviewSection key={item.id} item={item} state={state} childrenOf={childrenOf} touched={touched} />;
        return <PreviewQuestion key={item.id} item={item} state={state} answer={answerOf(key)} answerKey={key} touched={touched.has(key)} />;
      })}
    </>
  );
}
