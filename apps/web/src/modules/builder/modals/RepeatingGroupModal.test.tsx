import { fireEvent, screen } from '@testing-library/react';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { RepeatingGroupModal } from './RepeatingGroupModal.tsx';

function sample(): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          {
            id: 'rg',
            type: 'repeating_group',
            title: 'Tyres',
            options: { repeatable_settings: { min: 2, max: null } },
            children: [
              { id: 'depth', type: 'number', title: 'Tread depth' },
              { id: 'photo', type: 'photo', title: 'Tyre photo' },
            ],
          },
          { id: 'empty', type: 'repeating_group', title: 'Leftover' },
        ],
      },
    ],
    { title: 'Truck' },
  );
}

async function open(itemId: string, plan: 'standard' | 'premium' = 'premium') {
  const onApply = vi.fn();
  await renderWithSession(
    <RepeatingGroupModal document={sample()} itemId={itemId} open onApply={onApply} onClose={vi.fn()} />,
    makeSession({ plan }),
  );
  return onApply;
}

const convert = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Convert to a repeatable section' });

// Rendering with the app's providers is slow on a busy two-core machine.
describe('RepeatingGroupModal', { timeout: 20_000 }, () => {
  it('shows what the group repeats and its repetitions, and why it is deprecated', async () => {
    await open('rg');
    expect(screen.getByText('Repeating groups are deprecated')).toBeTruthy();
    expect(screen.getByTestId('repeating-group-wraps').textContent).toBe('Tread depthTyre photo');
    expect(screen.getByText('Minimum repetitions').closest('tr')!.textContent).toContain('2');
    expect(screen.getByText('Maximum repetitions').closest('tr')!.textContent).toContain('Not set');
  });

  it('converts the group into a repeatable section holding the same items with the same repetitions', async () => {
    const onApply = await open('rg');
    fireEvent.click(convert());
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    const group = next.items.find((item) => item.id === 'rg')!;
    expect(group).toMatchObject({ type: 'section', options: { repeatable: true, repeatable_settings: { min: 2, max: null } } });
    expect(next.items.filter((item) => item.parent_id === 'rg').map((item) => item.id)).toEqual(['depth', 'photo']);
  });

  it('says when the group wraps nothing', async () => {
    await open('empty');
    expect(screen.getByText('No item')).toBeTruthy();
    expect(screen.getByText('Minimum repetitions').closest('tr')!.textContent).toContain('Not set');
  });

  it('shows the upgrade prompt and does not convert without the repeater feature', async () => {
    const onApply = await open('rg', 'standard');
    expect(screen.queryByText('Repeating groups are deprecated')).toBeNull();
    expect(convert().disabled).toBe(true);
    fireEvent.click(convert());
    expect(onApply).not.toHaveBeenCalled();
  });
});
