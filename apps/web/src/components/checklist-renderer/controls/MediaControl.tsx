import { AudioOutlined, CameraOutlined, PaperClipOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { mediaLimitOf, toNumber, type MediaValue } from '@vigil/checklist';
import { Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../control-props.ts';
import { useChecklistScope } from '../ChecklistScope.ts';
import { DOCUMENT_TYPES } from '../media/accepted-types.ts';
import { compressPhoto } from '../media/image-compression.ts';
import { FilePickButton } from '../media/FilePickButton.tsx';
import { PlainButton } from '../PlainControls.tsx';
import { mediaDuration } from '../media/media-duration.ts';
import { canRecord, RecorderDialog } from '../media/RecorderDialog.tsx';
import { UploadList } from '../media/UploadList.tsx';
import { useUploads } from '../media/useUploads.ts';
import { NeedsInspection } from './NeedsInspection.tsx';

export function asMediaList(value: unknown): MediaValue[] {
  return Array.isArray(value) ? (value as MediaValue[]) : [];
}

/**
 * A photo, video, audio or file question: its files are the answer (`[{id, url, name, mime}]`, one photo
 * without multi_photo, else up to 20). Photos come from the camera (allow_camera) or the library
 * (photo_library) and are compressed to the quality preset first; videos and sounds are recorded here up
 * to max_length seconds, or picked. Each file is uploaded through the screen's `uploadFile`.
 */
export function MediaControl({ item, labelId, value, disabled, readOnly, onChange }: ControlProps) {
  const { t } = useTranslation('checklist-renderer');
  const { sources } = useChecklistScope();
  const files = asMediaList(value);
  const latest = useRef(files);
  latest.current = files;
  const limit = mediaLimitOf(item);
  const [notice, setNotice] = useState('');
  const [recording, setRecording] = useState(false);
  const kind = item.type === 'video' ? 'video' : item.type === 'audio' ? 'audio' : null;
  const maxLength = toNumber(item.options.max_length) ?? 20;

  const uploads = useUploads(
    sources.uploadFile,
    (file) => (item.type === 'photo' ? compressPhoto(file, item.options) : Promise.resolve(file)),
    (media) => {
      const next = [...latest.current, media].slice(0, limit);
      latest.current = next;
      onChange(next);
    },
  );
  const room = limit - files.length - uploads.pending.length;

  if (!sources.uploadFile && !readOnly) {
    return (
      <NeedsInspection item={item}>
        {files.length > 0 && <UploadList files={files} pending={[]} onRetry={() => {}} onCancel={() => {}} />}
      </NeedsInspection>
    );
  }

  const take = async (picked: File[]) => {
    setNotice('');
    let list = picked;
    if (picked.length > room) {
      setNotice(t('upload.too_many', { count: limit }));
      list = picked.slice(0, Math.max(0, room));
    }
    if (kind) {
      const lengths = await Promise.all(list.map((file) => mediaDuration(file, kind)));
      const fits = list.filter((_, index) => (lengths[index] ?? 0) <= maxLength + 0.5);
      if (fits.length < list.length) setNotice(t('record.too_long', { count: maxLength }));
      list = fits;
    }
    if (list.length > 0) uploads.add(list);
  };

  const options = item.options;
  const camera = options.allow_camera !== false;
  const library = options.photo_library !== false || !camera;
  const multiple = limit > 1;
  const editable = !disabled && !readOnly && room > 0;
  return (
    <div className="checklist-media" aria-labelledby={labelId} role="group">
      {editable && (
        <div className="checklist-extras-actions">
          {item.type === 'photo' && camera && (
            <FilePickButton
              icon={<CameraOutlined aria-hidden />}
              label={t('media.take_photo')}
              accept="image/*"
              capture="environment"
              onFiles={(picked) => void take(picked)}
            />
          )}
          {item.type === 'photo' && library && (
            <FilePickButton
              icon={<PictureOutlined aria-hidden />}
              label={multiple ? t('media.choose_photos') : t('media.choose_photo')}
              accept="image/*"
              multiple={multiple}
              onFiles={(picked) => void take(picked)}
            />
          )}
          {kind &&
            (item.type === 'audio' || camera) &&
            (canRecord() ? (
              <PlainButton
                icon={kind === 'video' ? <VideoCameraOutlined aria-hidden /> : <AudioOutlined aria-hidden />}
                onClick={() => setRecording(true)}
              >
                {kind === 'video' ? t('media.record_video') : t('media.record_audio')}
              </PlainButton>
            ) : (
              <FilePickButton
                icon={kind === 'video' ? <VideoCameraOutlined aria-hidden /> : <AudioOutlined aria-hidden />}
                label={kind === 'video' ? t('media.record_video') : t('media.record_audio')}
                accept={`${kind}/*`}
                capture={kind === 'video' ? 'environment' : 'user'}
                onFiles={(picked) => void take(picked)}
              />
            ))}
          {kind && (item.type === 'audio' || library) && (
            <FilePickButton
              icon={<PaperClipOutlined aria-hidden />}
              label={kind === 'video' ? t('media.choose_video') : t('media.choose_audio')}
              accept={`${kind}/*`}
              multiple={multiple}
              onFiles={(picked) => void take(picked)}
            />
          )}
          {item.type === 'file_manager' && (
            <FilePickButton
              icon={<PaperClipOutlined aria-hidden />}
              label={t('media.choose_files')}
              accept={DOCUMENT_TYPES}
              multiple
              onFiles={(picked) => void take(picked)}
            />
          )}
        </div>
      )}
      {notice && (
        <Typography.Text type="warning" role="alert">
          {notice}
        </Typography.Text>
      )}
      <UploadList
        files={files}
        pending={uploads.pending}
        onRemove={disabled || readOnly ? undefined : (index) => onChange(files.filter((_, at) => at !== index))}
        onRetry={uploads.retry}
        onCancel={uploads.cancel}
      />
      {files.length === 0 && uploads.pending.length === 0 && readOnly && (
        <Typography.Text type="secondary">{t('no_value')}</Typography.Text>
      )}
      {kind && (
        <RecorderDialog
          kind={kind}
          maxLength={maxLength}
          open={recording}
          onClose={() => setRecording(false)}
          onRecorded={(file) => uploads.add([file])}
        />
      )}
    </div>
  );
}
