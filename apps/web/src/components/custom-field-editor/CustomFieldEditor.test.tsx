import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomField, CustomFieldsSave } from '@vigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/render.tsx';
import { makeSession } from '../../test/session.ts';
import { buildSavePayload, CustomFieldEditor } from './CustomFieldEditor.tsx';

const saved = (key: string, extra: Partial<CustomField> = {}): CustomField => ({
  id: `id-${key}`,
  key,
  name: key.toUpperCase(),
  description: null,
  field_type: 'text',
  is_required: false,
  is_used: true,
  is_locked: false,
  default_value: null,
  config: [],
  parent_id: 'group1',
  ...extra,
});

async function renderEditor(fields: CustomField[], extra: { deleted?: boolean } = {}) {
  const onSubmit = vi.fn(async (payload: CustomFieldsSave) => payload.fields.filter((f) => f.is_used).map((f, i) => ({ ...f, key: f.key.replace('new_', 'f_'), id: `n${i}` })));
  const onDeleteField = vi.fn(async () => undefined);
  await renderWithSession(<CustomFieldEditor fields={fields} onSubmit={onSubmit} onDeleteField={onDeleteField} {...extra} />, makeSession());
  return { onSubmit, onDeleteField };
}

describe('CustomFieldEditor', { timeout: 20_000 }, () => {
  it('adds a field by type through the properties modal and saves it with its order', async () => {
    const { onSubmit } = await renderEditor([saved('a')]);
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Contact' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Required' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByText('Contact *')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const payload = onSubmit.mock.calls[0]![0];
    expect(payload.fields).toHaveLength(1);
    expect(payload.fields[0]).toMatchObject({ name: 'Contact', field_type: 'email', is_required: true, is_used: true, parent_id: null });
    expect(Object.values(payload.order)).toEqual([0, 1]);
  });

  it('removes a new field when its modal is cancelled', async () => {
    await renderEditor([]);
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getAllByText('No fields')).toHaveLength(2));
  });

  it('moves removed fields to the unused list and back as not required', async () => {
    await renderEditor([saved('a', { is_required: true })]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove A' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use A again' }));
    expect(await screen.findByText('A')).toBeTruthy();
    expect(screen.queryByText('A *')).toBeNull();
  });

  it('deletes unused unlocked fields after confirming; locked ones cannot be deleted', async () => {
    const { onDeleteField } = await renderEditor([saved('u', { is_used: false }), saved('l', { is_used: false, is_locked: true })]);
    expect((screen.getByRole('button', { name: 'Delete L' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete U' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDeleteField).toHaveBeenCalledWith('id-u'));
  });

  it('asks decimal fields for max digits and decimal places', async () => {
    await renderEditor([]);
    fireEvent.click(screen.getByRole('button', { name: 'Decimal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Max digits' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Decimal places' })).toBeTruthy();
    expect(within(dialog).getByTitle('10')).toBeTruthy();
    expect(within(dialog).getByTitle('2')).toBeTruthy();
  });

  it('hides save and discard once the entity is deleted', async () => {
    await renderEditor([saved('a')], { deleted: true });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('builds the payload: changed and new used fields, removed ones unused, new removed ones dropped', () => {
    const original = [saved('a'), saved('b'), saved('c')];
    const payload = buildSavePayload(original, {
      used: [saved('c'), { ...saved('a'), name: 'Renamed' }, saved('new_x', { id: null })],
      unused: [{ ...saved('b'), is_used: false }],
    });
    expect(payload.fields.map((f) => [f.key, f.is_used])).toEqual([
      ['a', true],
      ['new_x', true],
      ['b', false],
    ]);
    expect(payload.order).toEqual({ c: 0, a: 1, new_x: 2 });
  });
});
