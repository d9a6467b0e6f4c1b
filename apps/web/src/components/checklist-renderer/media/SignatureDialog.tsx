import type { MediaValue, SignatureValue } from '@vigil/checklist';
import { Alert, Button, Input, Modal, Progress, Typography } from 'antd';
import type SignaturePad from 'signature_pad';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadOptions } from '../ChecklistScope.ts';
import { fileFromDataUrl } from './data-url.ts';

interface Props {
  open: boolean;
  upload: (file: File, options?: UploadOptions) => Promise<MediaValue>;
  onClose: () => void;
  onSigned: (value: SignatureValue) => void;
}

/**
 * Draws a signature with the finger, a pen or the mouse (signature_pad), with the signer's name, which
 * is required; saving uploads the drawing as a PNG (dark ink on white, whatever the skin: it is the
 * signed paper, not the interface) and answers `{file, name, signed_at}`.
 */
export function SignatureDialog({ open, upload, onClose, onSigned }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const nameId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [padFailed, setPadFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setProblem(null);
    setProgress(null);
    void import('signature_pad')
      .then(({ default: Pad }) => {
        const element = canvas.current;
        if (cancelled || !element) return;
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        element.width = (element.offsetWidth || 320) * ratio;
        element.height = (element.offsetHeight || 160) * ratio;
        element.getContext('2d')?.scale(ratio, ratio);
        pad.current = new Pad(element, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(0, 0, 0)' });
      })
      .catch(() => !cancelled && setPadFailed(true));
    return () => {
      cancelled = true;
      pad.current?.off();
      pad.current = null;
    };
  }, [open]);

  const save = async () => {
    if (!name.trim()) return setProblem(t('signature.name_required'));
    const drawn = pad.current;
    if (!drawn || drawn.isEmpty()) return setProblem(t('signature.draw_first'));
    setProblem(null);
    setProgress(0);
    try {
      const file = fileFromDataUrl(drawn.toDataURL('image/png'), `signature-${Date.now()}.png`);
      const media = await upload(file, { onProgress: setProgress });
      onSigned({ file: media, name: name.trim(), signed_at: new Date().toISOString() });
      setProgress(null);
      onClose();
    } catch {
      setProgress(null);
      setProblem(t('signature.upload_failed'));
    }
  };

  const busy = progress !== null;
  return (
    <Modal
      open={open}
      title={t('signature.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          <Button onClick={() => pad.current?.clear()} disabled={busy}>
            {t('signature.clear')}
          </Button>
          <Button onClick={onClose}>{t('signature.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void save()}>
            {problem === t('signature.upload_failed') ? t('upload.retry') : t('signature.save')}
          </Button>
        </>
      }
    >
      {padFailed ? (
        <Alert type="warning" showIcon title={t('signature.no_pad')} />
      ) : (
        <canvas ref={canvas} className="checklist-signature-pad" role="img" aria-label={t('signature.pad')} data-testid="signature-pad" />
      )}
      <label htmlFor={nameId} className="checklist-field-label">
        {t('signature.name')}
      </label>
      <Input id={nameId} value={name} autoComplete="name" onChange={(event) => setName(event.target.value)} />
      {busy && (
        <div
          role="progressbar"
          aria-label={t('signature.uploading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <Progress percent={Math.round(progress * 100)} size="small" />
        </div>
      )}
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
