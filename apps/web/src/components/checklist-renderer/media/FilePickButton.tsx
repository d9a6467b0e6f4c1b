import { Button } from 'antd';
import { useRef, type ReactNode } from 'react';
import { PlainButton } from '../PlainControls.tsx';

interface Props {
  icon: ReactNode;
  label: string;
  accept?: string;
  multiple?: boolean;
  /** Opens the device's camera or recorder rather than its files (the `capture` attribute). */
  capture?: 'environment' | 'user';
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /**
   * Drawn by the renderer's CSS rather than antd's Button: only inside the renderer, whose variables colour it (a
   * dialog is drawn in a portal, outside them).
   */
  plain?: boolean;
}

/** A button that opens the device's file picker or camera through a hidden file input. */
export function FilePickButton({ icon, label, accept, multiple, capture, disabled, onFiles, plain }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const Pick = plain ? PlainButton : Button;
  return (
    <>
      <Pick icon={icon} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Pick>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={label}
        accept={accept}
        multiple={multiple}
        capture={capture}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
