import { act, fireEvent, screen, within } from '@testing-library/react';
import { setCalculation, setRuleSet, type Result, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { BuilderPreview } from './BuilderPreview.tsx';
import { evaluatesAlike } from './usePreviewSession.ts';

function unwrap(result: Result<TemplateDocument>): TemplateDocument {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

/** A forklift check: "Damage found?" shows "Describe the damage"; load × lifts = total; scored yes/no. */
function forklift(): TemplateDocument {
  const doc = buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        title: 'Checks',
        children: [
          { id: 'damage', type: 'yesno', title: 'Damage found?', options: { enable_score: true } },
          { id: 'describe', type: 'textAnswer', title: 'Describe the damage', options: { required: true } },
          {
            id: 'brakes',
            type: 'section',
            title: 'Brakes',
            children: [{ id: 'brakes_ok', type: 'oknot', title: 'Brakes work', options: { enable_score: true } }],
          },
          { id: 'load', type: 'number', title: 'Load' },
          { id: 'lifts', type: 'number', title: 'Lifts' },
          { id: 'total', type: 'calculation', title: 'Total lifted' },
        ],
      },
      { id: 'p2', type: 'page', title: 'Sign-off', children: [{ id: 'sig', type: 'signature', title: 'Inspector' }] },
    ],
    { title: 'Forklift check' },
  );
  const withRule = unwrap(
    setRuleSet(doc, 'damage', {
      uuid: 'rs1',
      has_visibility: true,
      related_items: [],
      action_items: [],
      rules: [
        {
          uuid: 'r1',
          logic: 'and',
          conditions: [{ item_id: 'damage', operator: 'equals', value: 'yes' }],
          actions: [{ type: 'set_hidden', item_id: 'describe', value: false }],
        },
      ],
    }),
  );
  return unwrap(
    setCalculation(withRule, 'total', {
      value: 'a * b',
      items: [
        { key: 'a', item_id: 'load' },
        { key: 'b', item_id: 'lifts' },
      ],
    }),
  );
}

const item = (id: string) => document.querySelector<HTMLElement>(`[data-testid="checklist-item"][data-item-id="${id}"]`);

async function show(doc: TemplateDocument) {
  const view = await renderWithSession(<BuilderPreview document={doc} onClose={() => {}} />, makeSession());
  await screen.findByTestId('preview-frame');
  return view;
}

describe('BuilderPreview', () => {
  it('shows and hides a question by a yes/no rule as it is answered', async () => {
    await show(forklift());
    expect(item('describe')).toBeNull();
    fireEvent.click(within(item('damage')!).getByText('Yes'));
    expect(item('describe')).not.toBeNull();
    expect(within(item('describe')!).getByTitle('Required')).toBeTruthy();
    fireEvent.click(within(item('damage')!).getByText('No'));
    expect(item('describe')).toBeNull();
  });

  it('updates a calculation from the numbers answered', async () => {
    await show(forklift());
    const output = within(item('total')!).getByTestId('checklist-output');
    expect(output.textContent).toContain('No value yet');
    fireEvent.change(within(item('load')!).getByRole('spinbutton'), { target: { value: '250' } });
    expect(output.textContent).toContain('No value yet');
    fireEvent.change(within(item('lifts')!).getByRole('spinbutton'), { target: { value: '4' } });
    expect(output.textContent).toContain('1000');
    fireEvent.change(within(item('lifts')!).getByRole('spinbutton'), { target: { value: '5' } });
    expect(output.textContent).toContain('1250');
  });

  it('updates the section and template score percentages', async () => {
    await show(forklift());
    expect(screen.getByTestId('checklist-score').textContent).toContain('Score 0 %');
    fireEvent.click(within(item('brakes_ok')!).getByText('OK'));
    expect(screen.getByTestId('checklist-score').textContent).toContain('Score 50 %');
    expect(within(item('brakes')!).getByTestId('checklist-section-score').textContent).toContain('Score 100 %');
    fireEvent.click(within(item('damage')!).getByText('Yes'));
    expect(screen.getByTestId('checklist-score').textContent).toContain('Score 100 %');
    fireEvent.click(within(item('brakes_ok')!).getByText('Not OK'));
    expect(screen.getByTestId('checklist-score').textContent).toContain('Score 50 %');
  });

  it('fills every visible question with test data, rules and calculations acting at once, and clears the answers', async () => {
    await show(forklift());
    fireEvent.change(within(item('load')!).getByRole('spinbutton'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill with test data' }));
    // The rule waits for "Yes", so the test data answers it and the question it reveals is filled too.
    expect(within(item('damage')!).getByRole<HTMLInputElement>('radio', { name: 'Yes' }).checked).toBe(true);
    expect(within(item('describe')!).getByRole('textbox')).toHaveProperty('value', 'Describe the damage');
    expect(screen.getByTestId('preview-test-data-status').textContent).toBe('Questions answered with test data: 4');
    // What the tester typed is kept; the calculation reads it and the generated number.
    const lifts = Number(within(item('lifts')!).getByRole<HTMLInputElement>('spinbutton').value);
    expect(within(item('load')!).getByRole('spinbutton')).toHaveProperty('value', '7');
    expect(within(item('total')!).getByTestId('checklist-output').textContent).toBe(String(7 * lifts));
    expect(screen.getByTestId('checklist-score').textContent).toMatch(/Score (50|100) %/);

    fireEvent.click(screen.getByRole('button', { name: 'Clear answers' }));
    expect(item('describe')).toBeNull();
    expect(within(item('total')!).getByTestId('checklist-output').textContent).toContain('No value yet');
    expect(within(item('load')!).getByRole('spinbutton')).toHaveProperty('value', '');
    expect(screen.getByTestId('checklist-score').textContent).toContain('Score 0 %');
  });

  it('steps through the pages and marks what the preview cannot capture', async () => {
    await show(forklift());
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    // The preview uploads nothing: a signature says it is drawn in an inspection, rather than pretending.
    expect(within(item('sig')!).getByTestId('checklist-needs-inspection').textContent).toContain(
      'Signature: answered in an inspection, not here',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });

  it('follows the edited document and keeps the answers of the items still there', async () => {
    const doc = forklift();
    let edit: (next: TemplateDocument) => void = () => {};
    function Editor() {
      const [current, setCurrent] = useState(doc);
      edit = setCurrent;
      return <BuilderPreview document={current} onClose={() => {}} />;
    }
    await renderWithSession(<Editor />, makeSession());
    fireEvent.change(within(item('load')!).getByRole('spinbutton'), { target: { value: '3' } });
    fireEvent.change(within(item('lifts')!).getByRole('spinbutton'), { target: { value: '2' } });
    const edited = { ...doc, items: doc.items.map((entry) => (entry.id === 'load' ? { ...entry, title: 'Load in tonnes' } : entry)) };
    await act(async () => edit(edited));
    expect(await screen.findByText('Load in tonnes')).toBeTruthy();
    expect(within(item('total')!).getByTestId('checklist-output').textContent).toContain('6');
    // An option change builds a new evaluator; the answers stay.
    const required = {
      ...edited,
      items: edited.items.map((entry) => (entry.id === 'lifts' ? { ...entry, options: { ...entry.options, required: true } } : entry)),
    };
    await act(async () => edit(required));
    expect(within(item('lifts')!).getByTitle('Required')).toBeTruthy();
    expect(within(item('total')!).getByTestId('checklist-output').textContent).toContain('6');
    expect(within(item('lifts')!).getByRole<HTMLInputElement>('spinbutton').value).toBe('2');
  });

  it('keeps its evaluator through a title edit and builds a new one when options, rules or responses change', () => {
    const doc = forklift();
    const retitle = (title: string) => ({ ...doc, items: doc.items.map((entry) => (entry.id === 'load' ? { ...entry, title } : entry)) });
    expect(evaluatesAlike(doc, retitle('Load in kg'))).toBe(true);
    expect(evaluatesAlike(doc, { ...doc, title: 'Another title' })).toBe(true);
    const reoptioned = {
      ...doc,
      items: doc.items.map((entry) => (entry.id === 'load' ? { ...entry, options: { ...entry.options } } : entry)),
    };
    expect(evaluatesAlike(doc, reoptioned)).toBe(false);
    expect(evaluatesAlike(doc, { ...doc, rule_sets: [...doc.rule_sets] })).toBe(false);
    expect(evaluatesAlike(doc, { ...doc, responses: [...doc.responses] })).toBe(false);
    expect(evaluatesAlike(doc, { ...doc, items: doc.items.slice(0, -1) })).toBe(false);
  });

  it('adds and removes repeat instances and keeps notes in memory, through an edit and until the answers are cleared', async () => {
    const doc = buildDocument([
      {
        id: 'p1',
        type: 'page',
        title: 'Rooms',
        children: [
          {
            id: 'room',
            type: 'section',
            title: 'Room',
            options: { repeatable: true },
            children: [{ id: 'room_name', type: 'textAnswer', title: 'Room name' }],
          },
        ],
      },
    ]);
    let edit: (next: TemplateDocument) => void = () => {};
    function Editor() {
      const [current, setCurrent] = useState(doc);
      edit = setCurrent;
      return <BuilderPreview document={current} onClose={() => {}} />;
    }
    await renderWithSession(<Editor />, makeSession());
    fireEvent.click(screen.getByRole('button', { name: 'Add: Room' }));
    const names = () => screen.getAllByText('Room name').map((label) => label.closest<HTMLElement>('[data-testid="checklist-item"]')!);
    expect(names()).toHaveLength(2);
    fireEvent.change(within(names()[1]).getByRole('textbox'), { target: { value: 'Lab' } });
    fireEvent.click(within(names()[1]).getByRole('button', { name: 'Add note' }));
    fireEvent.change(within(names()[1]).getByLabelText('Note'), { target: { value: 'Door stuck' } });
    // The preview uploads nothing: no button offers files.
    expect(within(names()[1]).queryByRole('button', { name: 'Add files' })).toBeNull();

    // An option edit rebuilds the evaluator: the instance, its answer and its note stay.
    const required = {
      ...doc,
      items: doc.items.map((entry) => (entry.id === 'room_name' ? { ...entry, options: { ...entry.options, required: true } } : entry)),
    };
    await act(async () => edit(required));
    expect(names()).toHaveLength(2);
    expect(names()[1].querySelector('input')!.value).toBe('Lab');
    expect(within(names()[1]).getByLabelText<HTMLTextAreaElement>('Note').value).toBe('Door stuck');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Entry 1 of Room' }));
    expect(names()).toHaveLength(1);
    expect(names()[0].querySelector('input')!.value).toBe('Lab');
    fireEvent.click(screen.getByRole('button', { name: 'Add: Room' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear answers' }));
    expect(names()).toHaveLength(1);
    expect(names()[0].querySelector('input')!.value).toBe('');
  });
});
