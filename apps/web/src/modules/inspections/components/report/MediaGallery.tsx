import { FileOutlined } from '@ant-design/icons';
import type { MediaValue } from '@vigil/checklist';
import { Image } from 'antd';
import { useState } from 'react';
import { fileUrl, thumbnailUrl } from '../../../../lib/files.ts';
import { useReportScope } from './report-context.ts';

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
 * The screen's thumbnails: the server's small copies (a report may hold a hundred photos of a few hundred
 * kilobytes each), plain pictures that load and decode as they come near the view (antd's `Image` would
 * fetch each at once to check it), each
 * a button that opens antd's preview of the answer's pictures, browsed with the arrow keys. The
 * preview is mounted when first opened.
 */
function Thumbnails({ pictures, alt }: { pictures: readonly MediaValue[]; alt: (index: number) => string }) {
  const [preview, setPreview] = useState<{ open: boolean; current: number } | null>(null);
  return (
    <div className="report-pictures">
      {pictures.map((file, index) => (
        <button
          key={file.id}
          type="button"
          className="report-thumbnail-button"
          aria-label={alt(index)}
          data-testid="report-picture"
          onClick={() => setPreview({ open: true, current: index })}
        >
          <img
            src={thumbnailUrl(file.url)}
            alt={alt(index)}
            width={96}
            height={96}
            className="report-thumbnail"
            loading="lazy"
            decoding="async"
          />
          <span className="report-thumbnail-cover" aria-hidden />
        </button>
      ))}
      {preview ? (
        <Image.PreviewGroup
          items={pictures.map((file, index) => ({ src: fileUrl(file.url), alt: alt(index) }))}
          preview={{
            open: preview.open,
            current: preview.current,
            onOpenChange: (open) => setPreview((before) => before && { ...before, open }),
            onChange: (current) => setPreview((before) => before && { ...before, current }),
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * An answer's photos as thumbnails that open full size, and its other files as links. Printed, the
 * pictures are shown large, all loaded at once (the print view is ready only when every one has), and
 * nothing opens.
 */
export function MediaGallery({ files, title, print }: Props) {
  const { t } = useReportScope();
  const pictures = files.filter(isPicture);
  const others = files.filter((file) => !isPicture(file));
  const alt = (index: number) => t('report.picture', { index: index + 1, total: pictures.length, title });
  return (
    <div className="report-media" data-testid="report-media">
      {pictures.length > 0 &&
        (print ? (
          <div className="report-pictures">
            {pictures.map((file, index) => (
              <Image
                key={file.id}
                src={fileUrl(file.url)}
                alt={alt(index)}
                className="report-picture-print"
                preview={false}
                loading="eager"
                data-testid="report-picture"
              />
            ))}
          </div>
        ) : (
          <Thumbnails pictures={pictures} alt={alt} />
        ))}
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
