import { FileOutlined } from '@ant-design/icons';
import type { MediaValue } from '@vigil/checklist';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../../lib/files.ts';

const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif|bmp|svg)$/i;

/** Whether a file of an answer is a picture the browser shows (by its type, else by its name). */
export function isPicture(file: MediaValue): boolean {
  if (file.mime) return file.mime.startsWith('image/');
  return IMAGE_NAME.test(file.name ?? file.url);
}

interface Props {
  files: readonly MediaValue[];
  /** What the files belong to, for the pictures' alternative text ("Photo 2 of Tyres"). */
  title: string;
  print: boolean;
}

/**
 * An answer's photos as thumbnails that open full size (antd's preview, browsed with the arrow keys),
 * and its other files as links. Printed, the pictures are shown large and nothing opens.
 */
export function MediaGallery({ files, title, print }: Props) {
  const { t } = useTranslation('inspections');
  const pictures = files.filter(isPicture);
  const others = files.filter((file) => !isPicture(file));
  return (
    <div className="report-media" data-testid="report-media">
      {pictures.length > 0 && (
        <div className="report-pictures">
          <Image.PreviewGroup>
            {pictures.map((file, index) => (
              <Image
                key={file.id}
                src={fileUrl(file.url)}
                alt={t('report.picture', { index: index + 1, total: pictures.length, title })}
                width={print ? undefined : 96}
                height={print ? undefined : 96}
                className={print ? 'report-picture-print' : 'report-thumbnail'}
                preview={print ? false : { mask: t('report.view_full') }}
                loading="eager"
                data-testid="report-picture"
              />
            ))}
          </Image.PreviewGroup>
        </div>
      )}
      {others.length > 0 && (
        <ul className="report-files">
          {others.map((file) => (
            <li key={file.id}>
              <FileOutlined aria-hidden />{' '}
              {print ? (
                (file.name ?? t('report.file'))
              ) : (
                <a href={fileUrl(file.url)} target="_blank" rel="noopener noreferrer">
                  {file.name ?? t('report.file')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
