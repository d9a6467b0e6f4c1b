import { checkNumberBounds, parseScoreText } from '@vigil/checklist';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const shown = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * A score field's text: what is typed stays in the field, and only a plain number (or nothing) is
 * handed on. Anything else ("abc") shows "Only a plain number is allowed" and keeps the score it had,
 * so it is never stored as 0; `min` refuses less ("Must be more than {min}"). A change from elsewhere
 * (undo) replaces the text.
 */
export function useScoreText(value: number | null | undefined, onChange: (score: number | null) => void, min?: number) {
  const { t } = useTranslation('checklist');
  const [text, setText] = useState(shown(value));
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    const typed = parseScoreText(text);
    if (!(typed.ok && typed.value === (value ?? null))) {
      setText(shown(value));
      setError(null);
    }
  }
  const change = (next: string) => {
    setText(next);
    let parsed = parseScoreText(next);
    if (parsed.ok && parsed.value !== null && min !== undefined) parsed = checkNumberBounds(parsed.value, { min, max: null });
    if (parsed.ok) {
      setError(null);
      if (parsed.value !== (value ?? null)) onChange(parsed.value);
    } else {
      setError(t(`messages.${parsed.code}`, parsed.params));
    }
  };
  return { text, error, change };
}
