import { LoadingOutlined } from '@ant-design/icons';
import { useLayoutEffect, useRef, type ButtonHTMLAttributes, type CSSProperties, type ReactNode, type TextareaHTMLAttributes } from 'react';

/*
 * Native buttons and text areas drawn as antd's (checklist-renderer.css, in the skin's colours through the
 * renderer's variables). antd's Button and autosizing TextArea set up their style hooks (and the text area measures
 * itself) for every one on every render: a page of an inspection holds dozens, and a phone feels each one in its
 * opening and in the frame after an answer (bench:inspection-screen).
 */

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  icon?: ReactNode;
  /** antd's small size. */
  small?: boolean;
  /** antd's dashed type: an offer to add something. */
  dashed?: boolean;
  /** A spinning icon instead of `icon`; the button takes no click meanwhile. */
  loading?: boolean;
}

/** A button drawn as antd's default button (`.checklist-button`), with its icon before the text. */
export function PlainButton({ icon, small, dashed, loading, disabled, children, className, ...rest }: PlainButtonProps) {
  const classes = ['checklist-button', small && 'checklist-button-small', dashed && 'checklist-button-dashed', className];
  return (
    <button
      {...rest}
      type="button"
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <LoadingOutlined aria-hidden spin /> : icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}

/** Whether the browser sizes a text area to its text itself (CSS `field-sizing: content`). */
const sizesItself = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Sets the text area's height to its text, between its CSS min-height and max-height (where `field-sizing` is missing). */
function fitToText(area: HTMLTextAreaElement): void {
  area.style.height = 'auto';
  const { borderTopWidth, borderBottomWidth } = getComputedStyle(area);
  area.style.height = `${area.scrollHeight + parseFloat(borderTopWidth) + parseFloat(borderBottomWidth)}px`;
}

interface GrowingTextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Rows shown when empty; the text area grows with its text from there. */
  minRows: number;
  /** Rows it grows to at most, then scrolls. */
  maxRows?: number;
}

/** A text area drawn as antd's input that grows with its text, as antd's `autoSize` does. */
export function GrowingTextArea({ minRows, maxRows, className, style, ...rest }: GrowingTextAreaProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const { value } = rest;
  useLayoutEffect(() => {
    if (area.current && !sizesItself()) fitToText(area.current);
  }, [value]);
  const rows = { '--checklist-min-rows': minRows, '--checklist-max-rows': maxRows ?? 'none' } as CSSProperties;
  return (
    <textarea
      {...rest}
      ref={area}
      className={['checklist-input', 'checklist-textarea', className].filter(Boolean).join(' ')}
      style={{ ...style, ...rows }}
    />
  );
}
