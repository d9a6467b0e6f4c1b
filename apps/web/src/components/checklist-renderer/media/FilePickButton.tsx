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
   * In a dialog: drawn as antd's Button. Elsewhere it is the renderer's plain button, which the renderer's variables
   * colour; a dialog is drawn in a portal, outside them.
   */
  inDialog?: boolean;
}

/** A button that opens the device's file picker or camera through a hidden file input. */
export function FilePickButton({ icon, label, accept, multiple, capture, disabled, onFiles, inDialog }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const Pick = inDialog ? Button : PlainButton;
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
