import { UploadOutlined } from '@ant-design/icons';
import type { StoredFile } from '@vigil/contracts';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/toast.ts';
import { ANY_FILE, checkFile, type UploadRestrictions } from './check-file.ts';
import { uploadFile } from './upload-file.ts';

export interface FileUploadProps {
  onUploaded: (file: StoredFile) => void;
  /** Sizes and types checked before sending (the server checks them again); all uploads by default. */
  restrictions?: UploadRestrictions;
  /** The trigger; a button labelled "Upload a file" by default. */
  children?: ReactNode;
  disabled?: boolean;
  /** Another endpoint answering `data.file`, with extra multipart fields. */
  path?: string;
  fields?: Record<string, string>;
  accept?: string;
}

/**
 * The shared uploader: one file at a time, progress while sending, localised refusals as error toasts.
 * A finished upload leaves the list: the caller shows what it made of it (`onUploaded`).
 */
export function FileUpload({ onUploaded, restrictions = ANY_FILE, children, disabled, path, fields, accept }: FileUploadProps) {
  const { t } = useTranslation('common');
  const [fileList, setFileList] = useState<UploadFile[]>([]);

  const refuse = (name: string, reason: string) => showToast('error', t('upload.refused', { name, reason }));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const failure = checkFile(file, restrictions);
    if (!failure) return true;
    refuse(file.name, failure.reason === 'type' ? t('upload.type_not_allowed') : t(`upload.${failure.reason}`, { limit: failure.limit }));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const blob = file as File;
    uploadFile(blob, { path, fields, unexpected: t('upload.unexpected'), onProgress: (percent) => onProgress?.({ percent }) })
      .then((stored) => {
        onSuccess?.(stored);
        onUploaded(stored);
      })
      .catch((error: Error) => {
        refuse(blob.name, error.message);
        onError?.(error);
      });
  };

  return (
    <Upload
      accept={accept ?? restrictions.types.join(',')}
      maxCount={1}
      fileList={fileList}
      onChange={({ fileList: next }) => setFileList(next.filter((entry) => entry.status !== 'done'))}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      disabled={disabled}
    >
      {children ?? (
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {t('upload.choose')}
        </Button>
      )}
    </Upload>
  );
}
