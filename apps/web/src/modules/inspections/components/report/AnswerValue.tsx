import type { Item } from '@vigil/checklist';
import type { DateFormatter } from '../../../../lib/dates.ts';
import type { ValueView } from './answer-values.ts';
import { LocationView } from './LocationView.tsx';
import { MediaGallery } from './MediaGallery.tsx';
import { useReportScope } from './report-context.ts';
import { SignatureView } from './SignatureView.tsx';

interface Props {
  item: Item;
  view: ValueView;
  dates: DateFormatter;
  print: boolean;
}

/** A choice's colour beside its label (the label carries the meaning; the colour is the response set's). */
export function ChoiceLabels({ choices }: { choices: Extract<ValueView, { kind: 'choices' }>['choices'] }) {
  return (
    <span className="report-choices">
      {choices.map((choice) => (
        <span key={choice.uuid} className="report-choice" data-testid="report-choice">
          {choice.color ? <span className="report-swatch" style={{ background: choice.color }} aria-hidden /> : null}
          {choice.label}
        </span>
      ))}
    </span>
  );
}

/** One answer's value as the report shows it, per kind (the report's wording: no translation hook per row). */
export function AnswerValue({ item, view, dates, print }: Props) {
  const { rows } = useReportScope();
  switch (view.kind) {
    case 'empty':
      return <span className="report-secondary">{rows.noAnswer}</span>;
    case 'text':
      return view.href && !print ? (
        <a href={view.href} target="_blank" rel="noopener noreferrer" className="report-text" dir="auto">
          {view.text}
        </a>
      ) : (
        <span className={view.multiline ? 'report-text report-multiline' : 'report-text'} dir="auto">
          {view.text}
        </span>
      );
    case 'choices':
      return <ChoiceLabels choices={view.choices} />;
    case 'media':
      return <MediaGallery files={view.files} title={item.title} print={print} />;
    case 'signature':
      return <SignatureView signature={view.signature} dates={dates} />;
    case 'location':
      return <LocationView location={view.location} dates={dates} print={print} />;
  }
}
