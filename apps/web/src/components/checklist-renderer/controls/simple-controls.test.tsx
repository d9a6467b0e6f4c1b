import { fireEvent, within } from '@testing-library/react';
import { checkAnswerValue, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { itemElement, lastValue, renderChecklist } from '../../../test/checklist.tsx';

const doc: TemplateDocument = buildDocument([
  {
    id: 'start',
    type: 'start_page',
    children: [{ id: 'number', type: 'document_id', title: 'Report number' }],
  },
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'name', type: 'textAnswer', title: 'Name' },
      { id: 'pin', type: 'textAnswer', title: 'PIN', options: { secure: true } },
      { id: 'site', type: 'url', title: 'Site page' },
      { id: 'notes', type: 'longText', title: 'Notes' },
      { id: 'load', type: 'number', title: 'Load', options: { units: ['kg'] } },
      { id: 'level', type: 'slider', title: 'Level', options: { min: 0, max: 10, step: 2 } },
      { id: 'ok', type: 'checkbox', title: 'Checked' },
      { id: 'ack', type: 'acknowledgment', title: 'Read the rules' },
      { id: 'exit', type: 'yesno', title: 'Exit clear?', options: { allow_n_a: true } },
      { id: 'old', type: 'spare_parts', title: 'Spare parts' },
    ],
  },
]);
const itemOf = (id: string) => doc.items.find((item) => item.id === id)!;

describe('simple answer controls', () => {
  it('answer text, numbers, checkboxes and choices in the shapes the domain takes', async () => {
    const recorder = await renderChecklist(doc);
    // The document ID is written by the server: an output.
    expect(within(itemElement('number')).getByTestId('checklist-output').textContent).toBe('Given when the inspection is saved');
    fireEvent.click(within(document.body).getByRole('button', { name: 'Next' }));

    fireEvent.change(within(itemElement('name')).getByRole('textbox'), { target: { value: 'Pump room' } });
    expect(itemElement('pin').querySelector('input')!.type).toBe('password');
    fireEvent.change(within(itemElement('site')).getByRole('textbox'), { target: { value: 'https://example.com' } });
    fireEvent.change(within(itemElement('notes')).getByRole('textbox'), { target: { value: 'All fine' } });
    const load = within(itemElement('load'));
    expect(load.getByText('kg')).toBeTruthy();
    fireEvent.change(load.getByRole('spinbutton'), { target: { value: '12.5' } });
    expect(lastValue(recorder, 'load')).toBe(12.5);
    const level = within(itemElement('level')).getByRole<HTMLInputElement>('slider', { name: 'Level' });
    expect(level.getAttribute('aria-valuetext')).toBe('No value yet');
    fireEvent.change(level, { target: { value: '2' } });
    expect(lastValue(recorder, 'level')).toBe(2);
    expect(level.value).toBe('2');
    expect(level.getAttribute('aria-valuetext')).toBe('2');
    expect(within(itemElement('level')).getByTestId('checklist-slider-value').textContent).toBe('2');
    fireEvent.click(within(itemElement('ok')).getByRole('checkbox'));
    expect(lastValue(recorder, 'ok')).toBe(true);
    fireEvent.click(within(itemElement('ack')).getByText('I acknowledge'));
    fireEvent.click(within(itemElement('exit')).getByText('N/A'));
    expect(lastValue(recorder, 'exit')).toBe('n/a');
    const exit = within(itemElement('exit')).getByRole('radiogroup', { name: 'Exit clear?' });
    expect(within(exit).getByRole<HTMLInputElement>('radio', { name: 'N/A' }).checked).toBe(true);
    expect(within(exit).getByRole<HTMLInputElement>('radio', { name: 'Yes' }).checked).toBe(false);

    for (const [key, value] of recorder.values) expect(checkAnswerValue(doc, itemOf(key), value)).toBeNull();
    fireEvent.click(within(itemElement('ok')).getByRole('checkbox'));
    expect(lastValue(recorder, 'ok')).toBeNull();
    // A retired type keeps its placeholder.
    expect(within(itemElement('old')).getByTestId('checklist-unavailable')).toBeTruthy();
  });

  it('answers a number field with numbers: cleared to nothing, unchanged while a number is half typed, let go on a wheel', async () => {
    const recorder = await renderChecklist(doc, { answers: { load: { value: 3 } } });
    fireEvent.click(within(document.body).getByRole('button', { name: 'Next' }));
    const field = within(itemElement('load')).getByRole<HTMLInputElement>('spinbutton');
    expect(field.value).toBe('3');
    fireEvent.change(field, { target: { value: '-4.25' } });
    expect(lastValue(recorder, 'load')).toBe(-4.25);
    // "-" on the way to "-5": the browser reads the field as empty and flags the input as bad.
    Object.defineProperty(field, 'validity', { configurable: true, value: { badInput: true } });
    fireEvent.change(field, { target: { value: '' } });
    expect(lastValue(recorder, 'load')).toBe(-4.25);
    Object.defineProperty(field, 'validity', { configurable: true, value: { badInput: false } });
    fireEvent.change(field, { target: { value: '' } });
    expect(lastValue(recorder, 'load')).toBeNull();
    field.focus();
    fireEvent.wheel(field, { deltaY: 100 });
    expect(document.activeElement).not.toBe(field);
  });

  it('shows the document ID the server gave', async () => {
    await renderChecklist(doc, { answers: { number: { value: '#17' } } });
    expect(within(itemElement('number')).getByTestId('checklist-output').textContent).toBe('#17');
  });
});
