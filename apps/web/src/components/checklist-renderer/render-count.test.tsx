import { fireEvent, within } from '@testing-library/react';
import { buildDocument } from '@vigil/checklist/fixtures';
import { createElement, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { itemElement, renderChecklist } from '../../test/checklist.tsx';

// Every render of a question renders its AnswerControl, and every render of a section or of the page's
// heading its ScoreTag: counting those calls counts the renders.
const counts = vi.hoisted(() => ({ controls: new Map<string, number>(), sections: 0, headings: 0 }));
vi.mock('./AnswerControl.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./AnswerControl.tsx')>();
  return {
    AnswerControl: (props: Parameters<typeof original.AnswerControl>[0]) => {
      counts.controls.set(props.answerKey, (counts.controls.get(props.answerKey) ?? 0) + 1);
      return original.AnswerControl(props);
    },
  };
});
vi.mock('./ScoreTag.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./ScoreTag.tsx')>();
  return {
    ...original,
    ScoreTag: (props: ComponentProps<typeof original.ScoreTag>) => {
      if (props.testId === 'checklist-section-score') counts.sections++;
      if (props.testId === 'checklist-page-score') counts.headings++;
      return createElement(original.ScoreTag, props);
    },
  };
});

const doc = buildDocument([
  {
    id: 'p1',
    type: 'page',
    children: Array.from({ length: 5 }, (_, s) => ({
      id: `s${s}`,
      type: 'section' as const,
      children: Array.from({ length: 4 }, (_, q) => ({ id: `q${s}-${q}`, type: 'textAnswer' as const, title: `Question ${s}-${q}` })),
    })),
  },
]);

describe('the renderer on each answer', () => {
  it('renders again the question answered and its section, not the other questions, sections or the page heading', async () => {
    await renderChecklist(doc);
    counts.controls.clear();
    counts.sections = 0;
    counts.headings = 0;
    fireEvent.change(within(itemElement('q2-1')).getByRole('textbox'), { target: { value: 'a' } });
    expect([...counts.controls.keys()]).toEqual(['q2-1']);
    expect(counts.sections).toBe(1);
    expect(counts.headings).toBe(0);

    // A note changes the answer, not its state: the question renders again all the same.
    counts.controls.clear();
    fireEvent.click(within(itemElement('q3-0')).getByRole('button', { name: 'Add note' }));
    fireEvent.change(within(itemElement('q3-0')).getByLabelText('Note'), { target: { value: 'n' } });
    expect([...counts.controls.keys()]).toEqual(['q3-0']);
  });
});
