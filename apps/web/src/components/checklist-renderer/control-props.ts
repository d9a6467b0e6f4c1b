import type { Item, ItemState } from '@vigil/checklist';

/**
 * What every answer control receives: the question, its evaluated state (its value is `state.value`,
 * which a rule may have set), the id of its label for `aria-labelledby`, and `onChange` to answer
 * (null clears). `disabled` covers a disabled question and a read-only view; `readOnly` alone says
 * nothing may change, so a control also hides its add, remove and retry buttons.
 */
export interface ControlProps {
  item: Item;
  state: ItemState;
  answerKey: string;
  labelId: string;
  value: unknown;
  disabled: boolean;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}
