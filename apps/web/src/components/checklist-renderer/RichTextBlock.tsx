import { useMemo } from 'react';
import { safeRichText } from './safe-html.ts';

/** An info block's rich text: the one place the renderer inserts HTML, filtered by `safeRichText` first. */
export function RichTextBlock({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => safeRichText(html), [html]);
  if (safe === '') return null;
  return <div className={`checklist-rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
