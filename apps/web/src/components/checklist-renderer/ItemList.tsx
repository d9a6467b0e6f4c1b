import { parseAnswerKey, type Item, type ItemState } from '@vigil/checklist';
import { useChecklistScope } from './ChecklistScope.ts';
import { Question } from './Question.tsx';
import { ScoreTag } from './ScoreTag.tsx';

/**
 * The visible children of a page or section, read from the evaluator on every render (after each
 * answer); questions whose state object did not change skip their render (memo).
 */
export function ItemList({
  items,
  childrenOf,
  touched,
}: {
  items: readonly Item[];
  childrenOf: ReadonlyMap<string, readonly Item[]>;
  touched: ReadonlySet<string>;
}) {
  const { evaluator, keyOf, answerOf } = useChecklistScope();
  return (
    <>
      {items.map((item) => {
        const key = keyOf(item.id);
        const { itemId, instanceId } = parseAnswerKey(key);
        const state = evaluator.get(itemId, instanceId);
        if (!state || !state.visible) return null;
        if (item.type === 'section') return <Section key={item.id} item={item} state={state} childrenOf={childrenOf} touched={touched} />;
        return <Question key={item.id} item={item} state={state} answer={answerOf(key)} answerKey={key} touched={touched.has(key)} />;
      })}
    </>
  );
}

interface Props {
  item: Item;
  state: ItemState;
  childrenOf: ReadonlyMap<string, readonly Item[]>;
  touched: ReadonlySet<string>;
}

/** A section and its visible children: it and ItemList render each other, so they share a file. */
function Section({ item, state, childrenOf, touched }: Props) {
  const { evaluator } = useChecklistScope();
  return (
    <fieldset
      className="checklist-section"
      data-testid="checklist-item"
      data-item-id={item.id}
      disabled={!state.enabled}
      style={state.color ? { borderInlineStartColor: state.color } : undefined}
    >
      <legend>
        {item.title}
        <ScoreTag total={evaluator.total(item.id)} testId="checklist-section-score" />
      </legend>
      <ItemList items={childrenOf.get(item.id) ?? []} childrenOf={childrenOf} touched={touched} />
    </fieldset>
  );
}
