import { CameraOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '../media/FilePickButton.tsx';
import { createReader, type ScanPurpose } from './barcode-reader.ts';

interface Props {
  open: boolean;
  purpose: ScanPurpose;
  title: string;
  onClose: () => void;
  /** The code read or typed; answer a message to keep the dialog open with it (an unknown asset label). */
  onCode: (code: string) => Promise<string | null> | string | null;
}

type Camera = 'starting' | 'on' | 'none';
const SCAN_EVERY_MS = 250;

/**
 * Scans a QR code or barcode with the camera (read in the browser by ZXing, from Vigil's own WASM), from
 * a photo of it, or takes the code typed: the typed entry is always there, for a torn label or a phone
 * without a camera. Loaded when first opened (its chunk carries the reader).
 */
export function ScannerDialog({ open, purpose, title, onClose, onCode }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const video = useRef<HTMLVideoElement>(null);
  const reader = useRef<Awaited<ReturnType<typeof createReader>> | null>(null);
  const handled = useRef(false);
  const [camera, setCamera] = useState<Camera>('starting');
  const [readerFailed, setReaderFailed] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typedId = useId();

  const submit = async (code: string) => {
    const text = code.trim();
    if (!text) return;
    setBusy(true);
    try {
      const refusal = await onCode(text);
      if (refusal) {
        handled.current = false;
        setProblem(refusal);
      } else onClose();
    } finally {
      setBusy(false);
    }
  };
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    handled.current = false;
    setProblem(null);
    setTyped('');
    setCamera('starting');
    const loaded = createReader(purpose).then(
      (ready) => {
        reader.current = ready;
        return ready;
      },
      () => {
        if (!cancelled) setReaderFailed(true);
        return null;
      },
    );
    const scan = async () => {
      const element = video.current;
      const ready = reader.current;
      if (cancelled || !element || !ready || handled.current) return;
      if (element.readyState >= 2) {
        const code = await ready.read(element).catch(() => null);
        if (code && !handled.current && !cancelled) {
          handled.current = true;
          void latestSubmit.current(code);
          return;
        }
      }
      timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    if (!navigator.mediaDevices?.getUserMedia) setCamera('none');
    else {
      navigator.mediaDevices
        .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
        .then(async (media) => {
          if (cancelled) return media.getTracks().forEach((track) => track.stop());
          stream = media;
          setCamera('on');
          const element = video.current;
          if (element) {
            element.srcObject = media;
            await element.play().catch(() => {});
          }
          if (await loaded) void scan();
        })
        .catch(() => !cancelled && setCamera('none'));
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open, purpose]);

  const readPhoto = async (file: File) => {
    setProblem(null);
    setBusy(true);
    try {
      const ready = reader.current ?? (await createReader(purpose));
      const code = await ready.read(file);
      if (code) await submit(code);
      else setProblem(t('scan.nothing_found'));
    } catch {
      setProblem(t('scan.unreadable'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} destroyOnHidden footer={<Button onClick={onClose}>{t('scan.close')}</Button>}>
      <div className="checklist-scanner">
        {camera !== 'none' && !readerFailed && (
          <video ref={video} className="checklist-camera" muted playsInline aria-label={t('scan.camera')} data-testid="scanner-video" />
        )}
        {camera === 'starting' && <Typography.Text type="secondary">{t('scan.starting')}</Typography.Text>}
        {camera === 'none' && <Alert type="info" showIcon title={t('scan.no_camera')} />}
        {readerFailed && <Alert type="warning" showIcon title={t('scan.reader_failed')} />}
        {!readerFailed && (
          <FilePickButton
            icon={<CameraOutlined aria-hidden />}
            label={t('scan.from_photo')}
            accept="image/*"
            capture="environment"
            onFiles={([file]) => file && void readPhoto(file)}
            inDialog
          />
        )}
        <label htmlFor={typedId} className="checklist-field-label">
          {t('scan.type_code')}
        </label>
        <Space.Compact style={{ width: '100%' }}>
          <Input id={typedId} value={typed} onChange={(event) => setTyped(event.target.value)} onPressEnter={() => void submit(typed)} />
          <Button type="primary" loading={busy} disabled={!typed.trim()} onClick={() => void submit(typed)}>
            {t('scan.use_code')}
          </Button>
        </Space.Compact>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
