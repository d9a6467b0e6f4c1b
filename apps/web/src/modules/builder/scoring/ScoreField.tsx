import { Form, Input } from 'antd';
import { useScoreText } from './useScoreText.ts';

interface ScoreFieldProps {
  id: string;
  label: string;
  value: number | null | undefined;
  onChange: (score: number | null) => void;
  min?: number;
}

/** A labelled score of the question (points when answered, minimum, maximum, weight). */
export function ScoreField({ id, label, value, onChange, min }: ScoreFieldProps) {
  const { text, error, change } = useScoreText(value, onChange, min);
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span role="alert">{error}</span> : undefined}
      style={{ marginBlockEnd: 12 }}
      data-score-field={id}
    >
      <Input
        id={id}
        inputMode="decimal"
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(event) => change(event.target.value)}
      />
    </Form.Item>
  );
}
