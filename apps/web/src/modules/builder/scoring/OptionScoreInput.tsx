import { Input, Typography } from 'antd';
import { useId } from 'react';
import { useScoreText } from './useScoreText.ts';

interface OptionScoreInputProps {
  label: string;
  placeholder: string;
  value: number | null | undefined;
  onChange: (score: number | null) => void;
}

/** The score of one response option, beside its label; its message sits under the row. */
export function OptionScoreInput({ label, placeholder, value, onChange }: OptionScoreInputProps) {
  const { text, error, change } = useScoreText(value, onChange);
  const errorId = useId();
  return (
    <>
      <Input
        aria-label={label}
        placeholder={placeholder}
        inputMode="decimal"
        style={{ width: 88, flex: 'none' }}
        value={text}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => change(event.target.value)}
      />
      {error && (
        <Typography.Text type="danger" id={errorId} role="alert" className="builder-option-score-error">
          {error}
        </Typography.Text>
      )}
    </>
  );
}
