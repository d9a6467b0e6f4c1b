import type { ControlProps } from '../control-props.ts';
import { GrowingTextArea } from '../PlainControls.tsx';

/**
 * A text, URL, long text or deprecated code question; a secure text is typed like a password. Native fields drawn
 * as antd's input (PlainControls.tsx): a page holds dozens.
 */
export function TextControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const text = typeof value === 'string' ? value : '';
  const common = { 'aria-labelledby': labelId, disabled, value: text };
  if (item.type === 'longText') {
    return <GrowingTextArea {...common} minRows={2} onChange={(event) => onChange(event.target.value)} />;
  }
  const secure = item.options.secure === true;
  return (
    <input
      {...common}
      className="checklist-input"
      type={secure ? 'password' : item.type === 'url' ? 'url' : 'text'}
      inputMode={item.type === 'url' ? 'url' : undefined}
      autoComplete={secure ? 'off' : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
