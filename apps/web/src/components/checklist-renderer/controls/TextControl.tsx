import { Input } from 'antd';
import type { ControlProps } from '../control-props.ts';

/** A text, URL, long text or deprecated code question; a secure text is typed like a password. */
export function TextControl({ item, labelId, value, disabled, onChange }: ControlProps) {
  const text = typeof value === 'string' ? value : '';
  const common = { 'aria-labelledby': labelId, disabled, value: text };
  if (item.type === 'longText') {
    return <Input.TextArea {...common} autoSize={{ minRows: 2 }} onChange={(event) => onChange(event.target.value)} />;
  }
  if (item.options.secure === true) return <Input.Password {...common} onChange={(event) => onChange(event.target.value)} />;
  return (
    <Input
      {...common}
      type={item.type === 'url' ? 'url' : 'text'}
      inputMode={item.type === 'url' ? 'url' : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
