import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  kind: 'video' | 'audio';
  /** Seconds: the recording stops by itself then. */
  maxLength: number;
  open: boolean;
  onClose: () => void;
  onRecorded: (file: File) => void;
}

/** Whether this browser can record (MediaRecorder and a camera or microphone API). */
export function canRecord(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder === 'function' && !!navigator.mediaDevices?.getUserMedia;
}

const TYPES = { video: ['video/webm', 'video/mp4'], audio: ['audio/webm', 'audio/mp4', 'audio/ogg'] } as const;

/**
 * Records a video or a sound with the device's camera or microphone (MediaRecorder), up to the
 * question's length, showing the camera live and the seconds left; the recording is handed back as a file.
 */
export function RecorderDialog({ kind, maxLength, open, onClose, onRecorded }: Props) {
  const { t } = useTranslation('checklist-renderer');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [state, setState] = useState<'starting' | 'ready' | 'recording' | 'failed'>('starting');
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setState('starting');
    setElapsed(0);
    navigator.mediaDevices
      .getUserMedia(kind === 'video' ? { video: { facingMode: 'environment' }, audio: true } : { audio: true })
      .then((media) => {
        if (cancelled) return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      recorder.current = null;
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
  }, [open, kind]);

  // The camera shows live once the dialog's video element is there.
  useEffect(() => {
    const element = video.current;
    if (!element || !stream.current || element.srcObject === stream.current) return;
    element.srcObject = stream.current;
    void element.play().catch(() => {});
  }, [state]);

  useEffect(() => {
    if (state !== 'recording') return;
    const started = Date.now();
    const timer = setInterval(() => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      setElapsed(seconds);
      if (seconds >= maxLength) recorder.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [state, maxLength]);

  const start = () => {
    const media = stream.current;
    if (!media) return;
    const mimeType = TYPES[kind].find((type) => MediaRecorder.isTypeSupported(type));
    const chunks: Blob[] = [];
    const next = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    next.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    next.onstop = () => {
      if (recorder.current !== next) return;
      const type = next.mimeType || mimeType || `${kind}/webm`;
      const extension = type.includes('mp4') ? 'mp4' : type.includes('ogg') ? 'ogg' : 'webm';
      onRecorded(new File(chunks, `${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.${extension}`, { type }));
      onClose();
    };
    recorder.current = next;
    next.start(1000);
    setState('recording');
  };

  return (
    <Modal
      open={open}
      title={kind === 'video' ? t('record.video_title') : t('record.audio_title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        state === 'recording' ? (
          <Button type="primary" danger onClick={() => recorder.current?.stop()}>
            {t('record.stop')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('record.cancel')}</Button>
            <Button type="primary" disabled={state !== 'ready'} onClick={start}>
              {t('record.start')}
            </Button>
          </>
        )
      }
    >
      {state === 'failed' ? (
        <Alert type="warning" showIcon title={t('record.no_device')} />
      ) : (
        <>
          {kind === 'video' && <video ref={video} className="checklist-camera" muted playsInline aria-hidden />}
          <Typography.Text role="timer" aria-live="off">
            {t('record.time', { elapsed, max: maxLength })}
          </Typography.Text>
        </>
      )}
    </Modal>
  );
}
