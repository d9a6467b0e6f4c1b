import { fireEvent, screen, within } from '@testing-library/react';
import { createEvaluator, type Answer, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../test/render.tsx';
import { makeSession } from '../../test/session.ts';
import { ChecklistRenderer } from './ChecklistRenderer.tsx';
import type { ChecklistSession } from './ChecklistScope.ts';

const doc: TemplateDocument = buildDocument(
  [
    {
      id: 'p1',
      type: 'page',
      title: 'Exits',
      children: [{ id: 'exit', type: 'yesno', title: 'Exit clear?', options: { enable_score: true } }],
    },
    { id: 'p2', type: 'page', title: 'Notes', children: [{ id: 'note', type: 'textAnswer', title: 'Remarks' }] },
  ],
  { title: 'Fire safety' },
);

/** A session kept by its owner, as an inspection keeps one: every answer is recorded where the owner sees it. */
function Owner({ saved }: { saved: [string, unknown][] }) {
  const [answers] = useState(() => new Map<string, Answer>());
  const [, rerender] = useState(0);
  const evaluator = useMemo(() => createEvaluator(doc, { answers: {}, now: () => new Date(), utcOffsetMinutes: 0 }), []);
  const session: ChecklistSession = {
    evaluated: doc,
    evaluator,
    keyOf: (itemId) => itemId,
    answerOf: (key) => answers.get(key),
    answer: (key, value) => {
      saved.push([key, value]);
      answers.set(key, { value });
      evaluator.update(key, { value });
      rerender((n) => n + 1);
    },
    touched: new Set(answers.keys()),
  };
  return <ChecklistRenderer document={doc} session={session} />;
}

const item = (id: string) => document.querySelector<HTMLElement>(`[data-testid="checklist-item"][data-item-id="${id}"]`);

describe('ChecklistRenderer', () => {
  it('hands each answer to the session it is given and shows the score the evaluator keeps', async () => {
    const saved: [string, unknown][] = [];
    await renderWithSession(<Owner saved={saved} />, makeSession());
    expect(screen.getByText('Fire safety')).toBeTruthy();
    expect(screen.getByTestId('checklist-score').textContent).toContain('Score 0 %');
    fireEvent.click(within(item('exit')!).getByText('Yes'));
    expect(saved).toEqual([['exit', 'yes']]);
    expect(screen.getByTestId('checklist-score').textContent).toContain('Score 100 %');
  });

  it('shows one page at a time, with its place among the pages', async () => {
    await renderWithSession(<Owner saved={[]} />, makeSession());
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(item('note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(item('exit')).toBeNull();
    fireEvent.change(within(item('note')!).getByRole('textbox'), { target: { value: 'Door 3 blocked' } });
    expect(within(item('note')!).getByRole<HTMLInputElement>('textbox').value).toBe('Door 3 blocked');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });
});
