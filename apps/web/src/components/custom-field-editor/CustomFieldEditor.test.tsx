import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomField, CustomFieldsSave } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/render.tsx';
import { makeSession } from '../../test/session.ts';
import { CustomFieldEditor } from './CustomFieldEditor.tsx';

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

/** What the server answers: the used fields, new keys made permanent. */
const answer = async (payload: CustomFieldsSave) =>
  payload.fields.filter((f) => f.is_used).map((f, i) => ({ ...f, key: f.key.replace('new_', 'f_'), id: `n${i}`, parent_id: 'group1' }));

async function renderEditor(fields: CustomField[], extra: { deleted?: boolean } = {}) {
  const onSubmit = vi.fn(answer);
  const onDeleteField = vi.fn(async () => undefined);
  await renderWithSession(
    <CustomFieldEditor fields={fields} onSubmit={onSubmit} onDeleteField={onDeleteField} {...extra} />,
    makeSession(),
  );
  return { onSubmit, onDeleteField };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const listNames = (label: string) =>
  [...document.querySelectorAll(`[role="list"][aria-label="${label}"] > [role="listitem"]`)].map(
    (item) => item.querySelector('strong')?.textContent,
  );

/**
 * jsdom lays nothing out, and drag and drop needs positions: the palette is a row at the top, the
 * used list below it and the unused list further down, 40px per entry.
 */
function layOut() {
  const LIST_TOPS = [0, 100, 500];
  const box = (left: number, top: number, width: number, height: number) =>
    ({ x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) }) as DOMRect;
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const lists = [...document.querySelectorAll('[role="list"]')];
    // A list, or the drop area around it.
    const listIndex = Math.max(lists.indexOf(this), this.firstElementChild ? lists.indexOf(this.firstElementChild) : -1);
    if (listIndex >= 0)
      return box(0, LIST_TOPS[listIndex], 600, Math.max(48, lists[listIndex].querySelectorAll(':scope > [role="listitem"]').length * 40));
    if (this.getAttribute('role') === 'listitem' && this.parentElement) {
      const parent = lists.indexOf(this.parentElement);
      const index = [...this.parentElement.children].indexOf(this);
      if (parent === 0) return box(index * 100, 0, 90, 30);
      if (parent > 0) return box(0, LIST_TOPS[parent] + index * 40, 600, 40);
    }
    const overlay = this.closest<HTMLElement>('[style*="position: fixed"][style*="width"]');
    if (overlay) {
      // The drag overlay (and what it holds): where dnd-kit placed it, moved by its transform.
      const [x = 0, y = 0] = /translate3d\(([-\d.]+)px, ([-\d.]+)px/.exec(overlay.style.transform)?.slice(1).map(Number) ?? [];
      return box(
        parseFloat(overlay.style.left) + x,
        parseFloat(overlay.style.top) + y,
        parseFloat(overlay.style.width),
        parseFloat(overlay.style.height),
      );
    }
    return box(0, 0, 0, 0);
  });
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** Picks up the entry by its handle with the keyboard, presses the arrow keys, and drops it. */
async function keyboardDrag(handleName: string, keys: string[]) {
  const handle = button(handleName);
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  await tick();
  for (const code of keys) {
    fireEvent.keyDown(document.activeElement ?? handle, { code, key: code });
    await tick();
  }
  fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
  await tick();
}

describe('CustomFieldEditor', { timeout: 60_000 }, () => {
  let layout: ReturnType<typeof layOut>;
  beforeEach(() => {
    layout = layOut();
  });
  afterEach(() => layout.mockRestore());

  it('adds a field by clicking its type, through the properties modal, and saves it with its order', async () => {
    const { onSubmit } = await renderEditor([saved('a')]);
    expect(button('Save').disabled).toBe(true);
    expect(button('Discard').disabled).toBe(true);
    fireEvent.click(button('Email'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Contact' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Required' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['A', 'Contact *']));
    fireEvent.click(button('Save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const payload = onSubmit.mock.calls[0][0];
    expect(payload.fields).toHaveLength(1);
    expect(payload.fields[0]).toMatchObject({ name: 'Contact', field_type: 'email', is_required: true, is_used: true, parent_id: null });
    expect(payload.fields[0].key).toMatch(/^new_/);
    expect(Object.values(payload.order)).toEqual([0, 1]);
    // The list comes from the answer: nothing left to save. (jsdom keeps the ended loading icon, which names the button too.)
    await waitFor(() => expect(screen.getByText('Save').closest('button')!.disabled).toBe(true));
    expect(listNames('Fields in use')).toEqual(['Contact *']);
  });

  it('removes a new field when its modal is cancelled', async () => {
    await renderEditor([]);
    fireEvent.click(button('Text'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(listNames('Fields in use')).toEqual([]);
    expect(button('Save').disabled).toBe(true);
  });

  it('shows the lookup type, disabled', async () => {
    await renderEditor([]);
    expect(button('Lookup').disabled).toBe(true);
  });

  it('drags a type into the used list with the keyboard: the modal opens, cancelling removes the field', async () => {
    await renderEditor([saved('a')]);
    await keyboardDrag('Drag Email', ['ArrowDown']);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Email')).toBeTruthy();
    expect(listNames('Fields in use')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['A']));
  });

  it('drags a type in, names it, and saves it', async () => {
    const { onSubmit } = await renderEditor([]);
    await keyboardDrag('Drag Decimal', ['ArrowDown']);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Weight' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['Weight']));
    fireEvent.click(button('Save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].fields[0]).toMatchObject({
      name: 'Weight',
      field_type: 'decimal',
      config: { max_digits: 10, decimals: 2 },
    });
  });

  it('reorders used fields by dragging with the keyboard', async () => {
    const { onSubmit } = await renderEditor([saved('a'), saved('b'), saved('c')]);
    await keyboardDrag('Drag A', ['ArrowDown', 'ArrowDown']);
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['B', 'C', 'A']));
    fireEvent.click(button('Save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].order).toEqual({ b: 0, c: 1, a: 2 });
  });

  it('drags a used field to the unused list, and back as not required', async () => {
    await renderEditor([saved('a', { is_required: true }), saved('b')]);
    await keyboardDrag('Drag A', ['ArrowDown', 'ArrowDown']);
    await waitFor(() => expect(listNames('Unused fields')).toEqual(['A *']));
    expect(listNames('Fields in use')).toEqual(['B']);
    // Up onto B: A comes back before it, not required.
    await keyboardDrag('Drag A', ['ArrowUp']);
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['A', 'B']));
    expect(listNames('Unused fields')).toEqual([]);
  });

  it('announces drags to screen readers', async () => {
    await renderEditor([saved('a'), saved('b')]);
    const handle = button('Drag A');
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await waitFor(() => expect(document.body.textContent).toContain('A is over A.'));
    await tick();
    fireEvent.keyDown(handle, { code: 'Escape', key: 'Escape' });
    await waitFor(() => expect(document.body.textContent).toContain('Moving A was cancelled.'));
    expect(listNames('Fields in use')).toEqual(['A', 'B']);
  });

  it('reorders with the up and down buttons too', async () => {
    await renderEditor([saved('a'), saved('b')]);
    expect(button('Move A up').disabled).toBe(true);
    expect(button('Move B down').disabled).toBe(true);
    fireEvent.click(button('Move B up'));
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['B', 'A']));
  });

  it('moves removed fields to the unused list and back as not required, by clicking', async () => {
    const { onSubmit } = await renderEditor([saved('a', { is_required: true })]);
    fireEvent.click(button('Remove A'));
    await waitFor(() => expect(listNames('Unused fields')).toEqual(['A *']));
    fireEvent.click(button('Use A again'));
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['A']));
    fireEvent.click(button('Save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].fields).toEqual([expect.objectContaining({ key: 'a', is_used: true, is_required: false })]);
  });

  it('keeps the changes when the save fails', async () => {
    const onSubmit = vi.fn(async () => Promise.reject(new Error('Conflict')));
    await renderWithSession(
      <CustomFieldEditor fields={[saved('a'), saved('b')]} onSubmit={onSubmit} onDeleteField={vi.fn()} />,
      makeSession(),
    );
    fireEvent.click(button('Remove A'));
    await waitFor(() => expect(button('Save').disabled).toBe(false));
    fireEvent.click(button('Save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText('Save').closest('button')!.disabled).toBe(false));
    expect(listNames('Fields in use')).toEqual(['B']);
    expect(listNames('Unused fields')).toEqual(['A']);
  });

  it('discards the changes', async () => {
    await renderEditor([saved('a'), saved('b')]);
    fireEvent.click(button('Remove A'));
    await waitFor(() => expect(button('Discard').disabled).toBe(false));
    fireEvent.click(button('Discard'));
    await waitFor(() => expect(listNames('Fields in use')).toEqual(['A', 'B']));
    expect(button('Save').disabled).toBe(true);
  });

  it('deletes unused unlocked fields after confirming; locked ones say why they cannot be deleted', async () => {
    const { onDeleteField } = await renderEditor([saved('u', { is_used: false }), saved('l', { is_used: false, is_locked: true })]);
    expect(button('Delete L').disabled).toBe(true);
    fireEvent.mouseOver(button('Delete L').parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'This field is locked: deleting it is prevented.');
    fireEvent.click(button('Delete U'));
    expect(await screen.findAllByText('Delete the field "U" for good?')).not.toHaveLength(0);
    expect(onDeleteField).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDeleteField).toHaveBeenCalledWith('id-u'));
    await waitFor(() => expect(listNames('Unused fields')).toEqual(['L']));
  });

  it('asks decimal fields for max digits (1-16) and decimal places (0-9, below max digits), resetting the places to 0', async () => {
    await renderEditor([saved('d', { field_type: 'decimal', config: { max_digits: 10, decimals: 5 } })]);
    fireEvent.click(button('Edit D'));
    const dialog = await screen.findByRole('dialog');
    // The menu opened last.
    const menu = () => [...document.querySelectorAll('.ant-select-dropdown')].at(-1)!;
    const optionTitles = () => [...menu().querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    const option = (title: string) => menu().querySelector(`.ant-select-item-option[title="${title}"]`)!;
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Max digits' }));
    await waitFor(() => expect(optionTitles()).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1))));
    fireEvent.click(option('4'));
    // 5 decimal places do not fit 4 digits: back to 0.
    await waitFor(() => expect(within(dialog).getByTitle('0')).toBeTruthy());
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Decimal places' }));
    await waitFor(() => expect(optionTitles()).toEqual(Array.from({ length: 10 }, (_, i) => String(i))));
    const disabled = (title: string) => option(title).classList.contains('ant-select-item-option-disabled');
    expect(['0', '1', '2', '3'].map(disabled)).toEqual([false, false, false, false]);
    expect(['4', '5', '9'].map(disabled)).toEqual([true, true, true]);
  });

  it('requires a name and limits the description to 2000 characters', async () => {
    await renderEditor([saved('a')]);
    fireEvent.click(button('Edit A'));
    const dialog = await screen.findByRole('dialog');
    const apply = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Apply' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '  ' } });
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'x'.repeat(126) } });
    expect(await within(dialog).findByText('Enter at most 125 characters.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Ok' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'd'.repeat(2001) } });
    expect(await within(dialog).findByText('Enter at most 2000 characters.')).toBeTruthy();
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'd'.repeat(2000) } });
    await waitFor(() => expect(apply.disabled).toBe(false));
  });

  it('hides save and discard and allows no change once the entity is deleted', async () => {
    await renderEditor([saved('a'), saved('u', { is_used: false })], { deleted: true });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    for (const name of ['Text', 'Drag Text', 'Drag A', 'Remove A', 'Edit A', 'Use U again', 'Delete U'])
      expect(button(name).disabled, name).toBe(true);
  });
});
