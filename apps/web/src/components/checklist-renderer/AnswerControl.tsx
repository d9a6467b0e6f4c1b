import { answerKindOf, type Item, type ItemState } from '@vigil/checklist';
import { choicesToAnswer, DATE_TYPES, OUTPUT_TYPES, RETIRED_TYPES, TEXT_TYPES } from './answer-kinds.ts';
import type { ControlProps } from './control-props.ts';
import { useChecklistScope } from './ChecklistScope.ts';
import { AssetControl } from './controls/AssetControl.tsx';
import { AssetFieldControl } from './controls/AssetFieldControl.tsx';
import { BooleanControl } from './controls/BooleanControl.tsx';
import { ChoiceControl } from './controls/ChoiceControl.tsx';
import { DateControl } from './controls/DateControl.tsx';
import { LocationControl } from './controls/LocationControl.tsx';
import { MediaControl } from './controls/MediaControl.tsx';
import { NumberControl } from './controls/NumberControl.tsx';
import { OutputControl } from './controls/OutputControl.tsx';
import { PersonControl } from './controls/PersonControl.tsx';
import { ScanControl } from './controls/ScanControl.tsx';
import { SignatureControl } from './controls/SignatureControl.tsx';
import { SliderControl } from './controls/SliderControl.tsx';
import { TextControl } from './controls/TextControl.tsx';
import { Unavailable } from './controls/Unavailable.tsx';
import { GlobalListControl } from './GlobalListControl.tsx';

interface Props {
  item: Item;
  state: ItemState;
  answerKey: string;
  labelId: string;
}

/** What the server writes and the inspector reads: shown as outputs. */
const SERVER_OUTPUTS: ReadonlySet<Item['type']> = new Set<Item['type']>([
  'document_id',
  'inspection_real_start_date',
  'inspection_real_end_date',
]);

/** The answer control of one question type (controls/, one per kind of answer), or a placeholder for a retired type. */
export function AnswerControl({ item, state, answerKey, labelId }: Props) {
  const { document, answer, sources, readOnly } = useChecklistScope();
  const props: ControlProps = {
    item,
    state,
    answerKey,
    labelId,
    value: state.value,
    disabled: !state.enabled || readOnly,
    readOnly,
    onChange: (value) => answer(answerKey, value),
  };

  if (RETIRED_TYPES.has(item.type) || item.type === 'assignment_field') return <Unavailable item={item} />;
  if (item.type === 'qr' || item.type === 'barcode') return <ScanControl {...props} />;
  if (TEXT_TYPES.has(item.type) || item.type === 'longText') return <TextControl {...props} />;
  if (item.type === 'number') return <NumberControl {...props} />;
  if (item.type === 'slider') return <SliderControl {...props} />;
  if (OUTPUT_TYPES.has(item.type) || SERVER_OUTPUTS.has(item.type)) return <OutputControl {...props} />;
  if (DATE_TYPES.has(item.type)) return <DateControl {...props} />;
  if (item.type === 'asset_field') return <AssetFieldControl {...props} />;
  switch (answerKindOf(item)) {
    case 'boolean':
      return <BooleanControl {...props} />;
    case 'media':
      return <MediaControl {...props} />;
    case 'signature':
      return <SignatureControl {...props} />;
    case 'location':
      return <LocationControl {...props} />;
    case 'person':
      return <PersonControl {...props} />;
    case 'asset':
      return <AssetControl {...props} />;
    default:
      break;
  }
  const listUuid = item.type === 'global_list' ? item.options.global_list_uuid : undefined;
  if (listUuid && sources.globalListItems) {
    return (
      <GlobalListControl
        item={item}
        listUuid={listUuid}
        load={sources.globalListItems}
        value={state.value}
        disabled={props.disabled}
        labelId={labelId}
        onChange={props.onChange}
      />
    );
  }
  const choices = choicesToAnswer(document, item);
  if (choices.length > 0) {
    return (
      <ChoiceControl
        item={item}
        choices={choices}
        value={state.value}
        disabled={props.disabled}
        labelId={labelId}
        onChange={props.onChange}
      />
    );
  }
  return <Unavailable item={item} />;
}
