import { fireEvent, screen } from '@testing-library/react';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { insertAt, numericSources, pruneVariables, variableFor } from './calculation-draft.ts';
import { CalculationModal } from './CalculationModal.tsx';

function sample(): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          { id: 'len', type: 'number', title: 'Length' },
          { id: 'name', type: 'textAnswer', title: 'Name' },
          { id: 'area', type: 'calculation', title: 'Area' },
          { id: 'wid', type: 'number', title: 'Width' },
        ],
      },
    ],
    { title: 'Room' },
  );
}

describe('calculation draft', () => {
  it('offers only earlier numeric questions', () => {
    expect(numericSources(sample(), 'area').map((item) => item.id)).toEqual(['len']);
  });

  it('gives each question one key and inserts it with spaces', () => {
    const first = variableFor({ value: '', items: [] }, 'len');
    expect(first.key).toBe('x1');
    expect(variableFor(first.calculation, 'len').key).toBe('x1');
    expect(variableFor(first.calculation, 'wid').key).toBe('x2');
    expect(insertAt('2*', 2, 'x1')).toEqual({ value: '2* x1', caret: 5 });
    expect(insertAt('(', 1, 'x1')).toEqual({ value: '(x1', caret: 3 });
  });

  it('drops variables the formula no longer reads', () => {
    expect(
      pruneVariables({
        value: 'x1 * 2',
        items: [
          { key: 'x1', item_id: 'len' },
          { key: 'x2', item_id: 'wid' },
        ],
      }).items,
    ).toEqual([{ key: 'x1', item_id: 'len' }]);
  });
});

async function open() {
  const onApply = vi.fn();
  await renderWithSession(
    <CalculationModal document={sample()} itemId="area" open onApply={onApply} onClose={vi.fn()} />,
    makeSession({ plan: 'premium' }),
  );
  return onApply;
}

describe('CalculationModal', { timeout: 20_000 }, () => {
  it('shows the domain messages live while typing', async () => {
    await open();
    const formula = screen.getByLabelText('Formula');
    fireEvent.change(formula, { target: { value: 'y * 2' } });
    expect(await screen.findByText('Variable y unknown')).toBeTruthy();
    fireEvent.change(formula, { target: { value: '2 +* (' } });
    expect(await screen.findByText('Equation is invalid at character 4')).toBeTruthy();
    fireEvent.change(formula, { target: { value: '2 * 3' } });
    expect(await screen.findByText('The formula is valid.')).toBeTruthy();
  });

  it('inserts a variable by click and applies the calculation through the domain', async () => {
    const onApply = await open();
    fireEvent.change(screen.getByLabelText('Formula'), { target: { value: '2 * ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert Length' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Formula').value).toBe('2 * x1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    expect(next.items.find((item) => item.id === 'area')!.options.calculations).toEqual({
      value: '2 * x1',
      items: [{ key: 'x1', item_id: 'len' }],
    });
  });

  it('refuses an invalid formula on save and changes nothing', async () => {
    const onApply = await open();
    fireEvent.change(screen.getByLabelText('Formula'), { target: { value: 'import("fs")' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Equation is invalid')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByLabelText('Formula'));
    expect(onApply).not.toHaveBeenCalled();
  });
});
