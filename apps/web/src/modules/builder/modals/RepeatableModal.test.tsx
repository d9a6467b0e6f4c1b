import { fireEvent, screen } from '@testing-library/react';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import type { BuilderModalProps } from '../extensions.ts';
import { GroupOptionsModal } from './GroupOptionsModal.tsx';
import { RepeatableModal } from './RepeatableModal.tsx';

function sample(): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          {
            id: 'loop',
            type: 'section',
            title: 'Wheels',
            options: { repeatable: true },
            children: [{ id: 'n1', type: 'number', title: 'Pressure' }],
          },
          { id: 'plain', type: 'section', title: 'Cabin', children: [{ id: 't1', type: 'textAnswer', title: 'Seat' }] },
        ],
      },
    ],
    { title: 'Truck' },
  );
}

async function open(Modal: (props: BuilderModalProps) => React.ReactNode, itemId: string) {
  const onApply = vi.fn();
  await renderWithSession(
    <Modal document={sample()} itemId={itemId} open onApply={onApply} onClose={vi.fn()} />,
    makeSession({ plan: 'premium' }),
  );
  return onApply;
}

const itemOf = (doc: TemplateDocument, id: string) => doc.items.find((item) => item.id === id)!;

describe('RepeatableModal', { timeout: 20_000 }, () => {
  it('saves the minimum and maximum repetitions through setRepeatable', async () => {
    const onApply = await open(RepeatableModal, 't1');
    fireEvent.click(screen.getByLabelText('Repeatable'));
    fireEvent.change(screen.getByLabelText('Minimum repetitions'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Maximum repetitions'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    expect(itemOf(next, 't1').options).toMatchObject({ repeatable: true, repeatable_settings: { min: 1, max: 4 } });
  });

  it('refuses a minimum above the maximum', async () => {
    const onApply = await open(RepeatableModal, 't1');
    fireEvent.click(screen.getByLabelText('Repeatable'));
    fireEvent.change(screen.getByLabelText('Minimum repetitions'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Maximum repetitions'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The minimum cannot be greater than the maximum');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('is disabled with the nesting reason inside a repeatable section', async () => {
    await open(RepeatableModal, 'n1');
    expect(screen.getByText(/is not allowed to its descendants or ancestors/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLButtonElement>('Repeatable').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });
});

describe('GroupOptionsModal', { timeout: 20_000 }, () => {
  it('gives a section custom grouped options', async () => {
    const onApply = await open(GroupOptionsModal, 'plain');
    fireEvent.click(screen.getByLabelText('Grouped options'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    const id = itemOf(next, 'plain').options.grouped_item_id;
    expect(next.grouped_items).toEqual([expect.objectContaining({ uuid: id, type: 'custom' })]);
  });

  it('refuses custom grouped options around a repeatable item with the nesting message', async () => {
    const doc = sample();
    const onApply = vi.fn();
    const wrapped = buildDocument(
      [
        {
          id: 'p1',
          type: 'page',
          children: [{ id: 'outer', type: 'section', children: [{ id: 'r1', type: 'number', options: { repeatable: true } }] }],
        },
      ],
      { title: doc.title },
    );
    await renderWithSession(
      <GroupOptionsModal document={wrapped} itemId="outer" open onApply={onApply} onClose={vi.fn()} />,
      makeSession({ plan: 'premium' }),
    );
    fireEvent.click(screen.getByLabelText('Grouped options'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });
});
