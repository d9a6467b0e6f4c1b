import { FormOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Answer, Item, MediaValue } from '@vigil/checklist';
import { Typography } from 'antd';
import { memo, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChecklistScope } from './ChecklistScope.ts';
import { DOCUMENT_TYPES } from './media/accepted-types.ts';
import { FilePickButton } from './media/FilePickButton.tsx';
import { compressPhoto } from './media/image-compression.ts';
import { UploadList } from './media/UploadList.tsx';
import { useUploads } from './media/useUploads.ts';
import { GrowingTextArea, PlainButton } from './PlainControls.tsx';
import { RatingControl } from './RatingControl.tsx';

interface Props {
  item: Item;
  answerKey: string;
  labelId: string;
  /** The answer's note, files and rating, as kept (a new value keeps the same ones). */
  note: Answer['note'];
  media: Answer['media'];
  rating: Answer['rating'];
  /** Its question is enabled (a rule may disable it). */
  enabled: boolean;
  /** Its question asks for a note. */
  requireNote: boolean;
}

/** The most files attached to one answer (the answer schema's bound). */
const ATTACHMENTS_MAX = 20;

/** Whether a question offers a manual rating (1 excellent to 5 needs improvement). */
export function takesRating(item: Item): boolean {
  return item.options.enable_rating === true || item.options.manual_rating === true || item.options.scoring?.manual_rating === true;
}

const asMedia = (media: Answer['media']): MediaValue[] =>
  (media ?? []).flatMap((entry) =>
    typeof entry.id === 'string' && typeof entry.url === 'string'
      ? [
          {
            id: entry.id,
            url: entry.url,
            name: typeof entry.name === 'string' ? entry.name : undefined,
            mime: typeof entry.mime === 'string' ? entry.mime : undefined,
          },
        ]
      : [],
  );

/**
 * What any answer can carry besides its value: a note, files (photos are compressed first) and, where
 * the question asks for it, a manual rating. Each goes to the session's `annotate`, keeping the value.
 * Read-only, only what is there shows. Memoised on what it shows: answering the question does not
 * render its extras again.
 */
export const AnswerExtras = memo(function AnswerExtras({
  item,
  answerKey,
  labelId,
  note: kept,
  media,
  rating: given,
  enabled,
  requireNote,
}: Props) {
  const { t } = useTranslation('checklist-renderer');
  const { annotate, readOnly, sources } = useChecklistScope();
  const noteId = useId();
  const files = asMedia(media);
  const latest = useRef(files);
  latest.current = files;
  const note = kept ?? '';
  const [noteOpen, setNoteOpen] = useState(false);
  const uploads = useUploads(
    sources.uploadFile,
    (file) => compressPhoto(file, item.options),
    (media) => {
      const next = [...latest.current, media].slice(0, ATTACHMENTS_MAX);
      latest.current = next;
      annotate?.(answerKey, { media: next });
    },
  );
  const editable = !!annotate && !readOnly && enabled;
  const rating = takesRating(item);
  if (!editable || !annotate) {
    if (!note && files.length === 0 && !(rating && given)) return null;
    return (
      <div className="checklist-extras">
        {note && (
          <Typography.Paragraph className="checklist-note" style={{ marginBlockEnd: 0 }}>
            <Typography.Text type="secondary">{t('extras.note')}: </Typography.Text>
            {note}
          </Typography.Paragraph>
        )}
        {files.length > 0 && <UploadList files={files} pending={[]} onRetry={() => {}} onCancel={() => {}} />}
        {rating && given ? <RatingControl value={given} labelId={labelId} disabled onChange={() => {}} /> : null}
      </div>
    );
  }
  const showNote = noteOpen || note !== '' || requireNote;
  const room = ATTACHMENTS_MAX - files.length - uploads.pending.length;
  return (
    <div className="checklist-extras">
      <div className="checklist-extras-actions">
        {!showNote && (
          <PlainButton
            small
            dashed
            icon={<FormOutlined aria-hidden />}
            aria-expanded={false}
            aria-controls={noteId}
            onClick={() => setNoteOpen(true)}
          >
            {t('extras.add_note')}
          </PlainButton>
        )}
        {/* Without the screen's uploads (the builder's preview) files cannot be attached: no button pretends to. */}
        {sources.uploadFile && room > 0 && (
          <FilePickButton
            icon={<PaperClipOutlined aria-hidden />}
            label={t('extras.add_files')}
            accept={DOCUMENT_TYPES}
            multiple
            onFiles={(picked) => uploads.add(picked.slice(0, room))}
          />
        )}
      </div>
      {showNote && (
        <div>
          <label htmlFor={noteId} className="checklist-field-label">
            {t('extras.note')}
          </label>
          <GrowingTextArea
            id={noteId}
            minRows={2}
            autoFocus={noteOpen && note === ''}
            value={note}
            maxLength={2000}
            onChange={(event) => annotate(answerKey, { note: event.target.value === '' ? null : event.target.value })}
          />
        </div>
      )}
      <UploadList
        files={files}
        pending={uploads.pending}
        onRemove={(index) => annotate(answerKey, { media: files.filter((_, at) => at !== index) })}
        onRetry={uploads.retry}
        onCancel={uploads.cancel}
      />
      {rating && (
        <RatingControl
          value={given ?? null}
          labelId={labelId}
          disabled={false}
          onChange={(next) => annotate(answerKey, { rating: next })}
        />
      )}
    </div>
  );
});
