import { AudioOutlined, CloseOutlined, DeleteOutlined, FileOutlined, ReloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { MediaValue } from '@vigil/checklist';
import { Button, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../../../lib/files.ts';
import type { PendingUpload } from './useUploads.ts';

interface Props {
  files: readonly MediaValue[];
  pending: readonly PendingUpload[];
  /** Absent: the files cannot be removed (read-only). */
  onRemove?: (index: number) => void;
  onRetry: (id: string) => void;
  onCancel: (id: string) => void;
}

const isImage = (file: MediaValue) => file.mime?.startsWith('image/') ?? /\.(jpe?g|png|webp|gif|bmp)$/i.test(file.name ?? file.url);

function FileIcon({ file }: { file: MediaValue }) {
  if (file.mime?.startsWith('video/')) return <VideoCameraOutlined aria-hidden />;
  if (file.mime?.startsWith('audio/')) return <AudioOutlined aria-hidden />;
  return <FileOutlined aria-hidden />;
}

/**
 * An answer's files: photos as thumbnails, other files by name, each opening in a new tab; files on their
 * way with their progress, and a failed one with Retry. The progress is also read out, politely.
 */
export function UploadList({ files, pending, onRemove, onRetry, onCancel }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const failed = pending.filter((entry) => entry.failed).length;
  const status =
    pending.length === 0
      ? ''
      : failed > 0
        ? t('upload.failed_count', { count: failed })
        : t('upload.uploading', {
            count: pending.length,
            percent: Math.round((pending.reduce((sum, entry) => sum + entry.progress, 0) / pending.length) * 100),
          });
  return (
    <div className="checklist-files">
      {files.length > 0 && (
        <ul className="checklist-file-list">
          {files.map((file, index) => {
            const name = file.name ?? t('upload.file', { number: index + 1 });
            return (
              <li key={`${file.id}-${index}`} className="checklist-file" data-testid="checklist-file">
                <a href={file.url} target="_blank" rel="noopener noreferrer" className="checklist-file-link">
                  {isImage(file) ? (
                    <img src={thumbnailUrl(file.url)} alt={name} className="checklist-thumbnail" loading="lazy" />
                  ) : (
                    <FileIcon file={file} />
                  )}
                  <span className="checklist-file-name">{name}</span>
                </a>
                {onRemove && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('upload.remove', { name })}
                    onClick={() => onRemove(index)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {pending.map((entry) => (
        <div key={entry.id} className="checklist-upload" data-testid="checklist-upload">
          <Typography.Text ellipsis className="checklist-file-name">
            {entry.name}
          </Typography.Text>
          {entry.failed ? (
            <>
              <Typography.Text type="danger">{t('upload.failed')}</Typography.Text>
              <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => onRetry(entry.id)}>
                {t('upload.retry')}
              </Button>
            </>
          ) : (
            <div
              role="progressbar"
              aria-label={t('upload.progress', { name: entry.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(entry.progress * 100)}
              className="checklist-upload-progress"
            >
              <Progress percent={Math.round(entry.progress * 100)} size="small" />
            </div>
          )}
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('upload.cancel', { name: entry.name })}
            onClick={() => onCancel(entry.id)}
          />
        </div>
      ))}
      <span className="checklist-sr" role="status" aria-live="polite" data-testid="checklist-upload-status">
        {status}
      </span>
    </div>
  );
}
