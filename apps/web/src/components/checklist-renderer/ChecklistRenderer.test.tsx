import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createEvaluator, type Answer, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../test/render.tsx';
import { makeSession } from '../../test/session.ts';
import { itemElement, lastValue, renderChecklist } from '../../test/checklist.tsx';
import { ChecklistRenderer } from './ChecklistRenderer.tsx';
import type { AnswerBadge, ChecklistSession } from './ChecklistScope.ts';

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
function Owner({ saved, answerBadge }: { saved: [string, unknown][]; answerBadge?: AnswerBadge }) {
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
  return <ChecklistRenderer document={doc} session={session} answerBadge={answerBadge} />;
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

  it("shows the screen's word on an answer under its question, and follows the answer as it changes", async () => {
    const badge: AnswerBadge = (key, answer) => (answer ? <span data-testid="badge">{`${key}: ${String(answer.value)}`}</span> : null);
    await renderWithSession(<Owner saved={[]} answerBadge={badge} />, makeSession());
    expect(within(item('exit')!).queryByTestId('badge')).toBeNull();
    fireEvent.click(within(item('exit')!).getByText('No'));
    expect(within(item('exit')!).getByTestId('badge').textContent).toBe('exit: no');
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

describe('ChecklistRenderer structure', () => {
  const repeated = buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        title: 'Rooms',
        children: [
          {
            id: 'room',
            type: 'section',
            title: 'Room',
            options: { repeatable: true, repeatable_settings: { min: 1, max: 3 } },
            children: [{ id: 'room_name', type: 'textAnswer', title: 'Room name' }],
          },
          { id: 'reading', type: 'number', title: 'Reading', options: { repeatable: true } },
        ],
      },
      {
        id: 'p2',
        type: 'page',
        title: 'Closing',
        children: [
          {
            id: 'outer',
            type: 'section',
            title: 'Outer',
            children: [{ id: 'remark', type: 'textAnswer', title: 'Remark', options: { required: true } }],
          },
        ],
      },
    ],
    { title: 'Rounds' },
  );

  it('adds repeat instances through the session up to the maximum and removes one, asking first when it holds answers', async () => {
    const recorder = await renderChecklist(repeated);
    const group = () => within(screen.getAllByTestId('checklist-repeat').find((element) => element.dataset.itemId === 'room')!);
    expect(group().getAllByText('Room name')).toHaveLength(1);
    // One instance and a minimum of one: nothing to remove yet.
    expect(group().queryByRole('button', { name: /Remove Entry/ })).toBeNull();
    fireEvent.click(group().getByRole('button', { name: 'Add: Room' }));
    fireEvent.click(group().getByRole('button', { name: 'Add: Room' }));
    expect(group().getAllByText('Room name')).toHaveLength(3);
    expect(group().queryByRole('button', { name: 'Add: Room' })).toBeNull();
    expect(group().getByText('From 1 to 3 entries')).toBeTruthy();
    const [first, second] = recorder.instances.map(([, , id]) => id);
    expect(recorder.instances).toEqual([
      ['add', 'room', first],
      ['add', 'room', second],
    ]);

    // Each instance answers under its own key.
    fireEvent.change(within(itemElement('room_name', `room_name@${first}`)).getByRole('textbox'), { target: { value: 'Lab' } });
    expect(lastValue(recorder, `room_name@${first}`)).toBe('Lab');

    // An empty instance goes at once; one with an answer asks.
    fireEvent.click(group().getByRole('button', { name: 'Remove Entry 3 of Room' }));
    expect(recorder.instances.at(-1)).toEqual(['remove', 'room', second]);
    fireEvent.click(group().getByRole('button', { name: 'Remove Entry 2 of Room' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Remove Entry 2 of Room?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(recorder.instances.at(-1)).toEqual(['remove', 'room', first]));
    expect(group().getAllByText('Room name')).toHaveLength(1);
    // A repeatable question repeats too.
    fireEvent.click(screen.getByRole('button', { name: 'Add: Reading' }));
    expect(screen.getAllByText('Reading')).toHaveLength(2);
  });

  it('shows only the instances it has when the session cannot add any', async () => {
    await renderChecklist(repeated, { plain: true });
    expect(screen.queryByRole('button', { name: 'Add: Room' })).toBeNull();
    expect(screen.getAllByText('Room name')).toHaveLength(1);
  });

  it('folds and unfolds a section by its title, saying whether it is open', async () => {
    await renderChecklist(repeated);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const toggle = screen.getByRole('button', { name: 'Outer' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Remark')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText('Remark')).toBeTruthy();
  });

  it('reveals an answer: its page, its folded section opened, its control focused', async () => {
    const recorder = await renderChecklist(repeated);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Outer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.queryByText('Remark')).toBeNull();
    act(() => recorder.reveal('remark'));
    await waitFor(() => expect(document.activeElement).toBe(within(itemElement('remark')).getByRole('textbox')));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Outer' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('reveals an answer of a repeat instance, and starts on the page asked for, telling each move', async () => {
    const recorder = await renderChecklist(repeated, { initialPage: 'p2' });
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(recorder.pages).toEqual(['p1']);
    fireEvent.click(screen.getByRole('button', { name: 'Add: Room' }));
    const [, , added] = recorder.instances[0];
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    act(() => recorder.reveal(`room_name@${added}`));
    await waitFor(() => expect(document.activeElement).toBe(within(itemElement('room_name', `room_name@${added}`)).getByRole('textbox')));
    expect(recorder.pages).toEqual(['p1', 'p2', 'p1']);
  });

  it("shows the server's messages under the question they name", async () => {
    const recorder = await renderChecklist(repeated);
    act(() => recorder.setErrors({ 'answers.remark': ['This field is required'], 'room_name@1': ['Too long'] }));
    expect(within(itemElement('room_name', 'room_name@1')).getByTestId('checklist-server-error').textContent).toBe('Too long');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(itemElement('remark')).getByRole('alert').textContent).toBe('This field is required');
  });

  it('lists the pages with their answered and required questions, and goes to the one picked', async () => {
    await renderChecklist(repeated, { answers: { remark: { value: 'Done' } } });
    expect(screen.getByTestId('checklist-progress').textContent).toBe('1 of 3 answered · 1 of 1 required');
    fireEvent.click(screen.getByRole('button', { name: 'Page 1 of 2' }));
    const entries = await screen.findAllByTestId('checklist-page-entry');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Rooms0 of 2 questions answered',
      'Closing1 of 1 question answered · 1 of 1 required',
    ]);
    expect(entries[0].getAttribute('aria-current')).toBe('page');
    fireEvent.click(entries[1]);
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    expect(within(itemElement('remark')).getByRole<HTMLInputElement>('textbox').value).toBe('Done');
  });

  it('read-only, shows every answer and lets nothing change', async () => {
    await renderChecklist(repeated, { readOnly: true, answers: { 'room_name@1': { value: 'Lab', note: 'Door stuck' } } });
    const name = within(itemElement('room_name', 'room_name@1'));
    expect(name.getByRole<HTMLInputElement>('textbox').value).toBe('Lab');
    expect(name.getByRole<HTMLInputElement>('textbox').disabled).toBe(true);
    expect(name.getByText('Door stuck')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('read-only, shows files, signatures, people and assets even without the sources to change them', async () => {
    const doc = buildDocument([
      {
        id: 'start',
        type: 'start_page',
        children: [
          { id: 'unit', type: 'asset', title: 'Unit' },
          { id: 'owner', type: 'person', title: 'Owner' },
          { id: 'shot', type: 'photo', title: 'Front view' },
          { id: 'sig', type: 'signature', title: 'Inspector' },
        ],
      },
    ]);
    const file = { id: 'm1', url: '/storage/w-1/m1.png', name: 'front.png', mime: 'image/png' };
    await renderChecklist(doc, {
      readOnly: true,
      answers: {
        unit: { value: { id: 'a-1', asset_id: 'P-100', display_name: 'Pump South' } },
        owner: { value: { id: 'u-1', name: 'Ada Lovelace' } },
        shot: { value: [file] },
        sig: { value: { file, name: 'Grace Hopper', signed_at: '2026-11-22T08:05:00.000Z' } },
      },
    });
    expect(screen.queryByTestId('checklist-needs-inspection')).toBeNull();
    expect(within(itemElement('unit')).getByText('P-100 · Pump South')).toBeTruthy();
    expect(within(itemElement('owner')).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(itemElement('shot')).getByRole('img', { name: 'front.png' })).toBeTruthy();
    expect(within(itemElement('sig')).getByTestId('checklist-signature').textContent).toContain('Signed by Grace Hopper');
    expect(screen.queryByRole('button', { name: /Sign|Take photo/ })).toBeNull();
  });

  it("renders an instruction's rich text without what the allowlist leaves out", async () => {
    const doc = buildDocument(
      [{ id: 'p1', type: 'page', children: [{ id: 'how', type: 'instruction', title: 'How to test', options: { info_id: 'info-1' } }] }],
      {
        info: [
          {
            uuid: 'info-1',
            items: [
              {
                type: 'text',
                content:
                  '<p>Press <strong>Test</strong><img src="x" onerror="alert(1)"><script>alert(2)</script></p><a href="javascript:alert(3)">x</a>',
              },
            ],
          },
        ],
      },
    );
    await renderChecklist(doc);
    const instruction = itemElement('how');
    expect(instruction.querySelector('.checklist-rich-text')!.innerHTML).toBe(
      '<p>Press <strong>Test</strong></p><a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});
