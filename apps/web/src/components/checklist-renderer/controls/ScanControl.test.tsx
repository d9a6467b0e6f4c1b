import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkAnswerValue, type AssetValue, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { itemElement, lastValue, renderChecklist } from '../../../test/checklist.tsx';

const doc: TemplateDocument = buildDocument([
  {
    id: 'start',
    type: 'start_page',
    children: [
      { id: 'unit', type: 'asset', title: 'Unit' },
      { id: 'colour', type: 'asset_field', title: 'Colour', options: { field_key: 'f_colour' } },
    ],
  },
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'tag', type: 'qr', title: 'Tag' },
      { id: 'serial', type: 'barcode', title: 'Serial' },
      { id: 'owner', type: 'person', title: 'Owner' },
    ],
  },
]);
const itemOf = (id: string) => doc.items.find((item) => item.id === id)!;
const PUMP: AssetValue = { id: '5b3c9d2e-0000-4000-8000-000000000001', asset_id: 'P-100', display_name: 'Pump South' };

async function scanTyped(code: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(await within(dialog).findByLabelText('Or type the code'), { target: { value: code } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Use this code/ })));
  return dialog;
}

describe('ScanControl', () => {
  it('takes a code typed in the scanner when the camera cannot read it, or typed in the field', async () => {
    const recorder = await renderChecklist(doc);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(within(itemElement('tag')).getByRole('button', { name: 'Scan' }));
    const dialog = await scanTyped('VIGIL-42');
    // jsdom has no camera: the scanner says so and keeps the typed entry.
    expect(within(dialog).getByText('No camera can be used here. Scan from a photo or type the code.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastValue(recorder, 'tag')).toBe('VIGIL-42');
    expect(checkAnswerValue(doc, itemOf('tag'), 'VIGIL-42')).toBeNull();
    fireEvent.change(within(itemElement('serial')).getByRole('textbox'), { target: { value: '4006381333931' } });
    expect(lastValue(recorder, 'serial')).toBe('4006381333931');
  });
});

describe('AssetControl', () => {
  it('picks the asset a scanned label names, and says so when no asset has it', async () => {
    const findAssetByCode = vi.fn(async (code: string) => (code.endsWith(`/assets/${PUMP.id}`) ? PUMP : null));
    const recorder = await renderChecklist(doc, { sources: { searchAssets: async () => [], findAssetByCode } });
    fireEvent.click(within(itemElement('unit')).getByRole('button', { name: 'Scan label' }));
    const dialog = await scanTyped('P-999');
    expect(within(dialog).getByText('No asset in use has the label P-999')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Or type the code'), { target: { value: `https://vigil.example/assets/${PUMP.id}` } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Use this code/ })));
    expect(findAssetByCode).toHaveBeenLastCalledWith(`https://vigil.example/assets/${PUMP.id}`);
    expect(lastValue(recorder, 'unit')).toEqual(PUMP);
    expect(checkAnswerValue(doc, itemOf('unit'), PUMP)).toBeNull();
    expect(within(itemElement('unit')).getByText('P-100 · Pump South')).toBeTruthy();
  });

  it('searches the assets by ID or name', async () => {
    const searchAssets = vi.fn(async (text: string) => (text === '' || 'pump'.includes(text.toLowerCase()) ? [PUMP] : []));
    const recorder = await renderChecklist(doc, { sources: { searchAssets } });
    await act(async () => fireEvent.mouseDown(within(itemElement('unit')).getByRole('combobox')));
    await screen.findByRole('option', { name: 'P-100 · Pump South' });
    fireEvent.click(document.querySelector('.ant-select-item-option[title="P-100 · Pump South"]')!);
    expect(lastValue(recorder, 'unit')).toEqual(PUMP);
  });

  it("shows the chosen asset's field through an asset field question", async () => {
    const assetFields = vi.fn(async () => ({ f_colour: { value: 'Blue' } }));
    await renderChecklist(doc, { sources: { assetFields }, answers: { unit: { value: PUMP } } });
    await waitFor(() => expect(within(itemElement('colour')).getByTestId('checklist-output').textContent).toBe('Blue'));
    expect(assetFields).toHaveBeenCalledWith(PUMP.id);
  });

  it('says where the assets are searched when the screen has no source', async () => {
    await renderChecklist(doc);
    expect(within(itemElement('unit')).getByTestId('checklist-needs-inspection').textContent).toContain('answered in an inspection');
  });
});

describe('PersonControl', () => {
  it('searches the members and answers {id, name}', async () => {
    const ada = { id: 'u-1', name: 'Ada Lovelace' };
    const searchPeople = vi.fn(async () => [ada, { id: 'u-2', name: 'Alan Turing' }]);
    const recorder = await renderChecklist(doc, { sources: { searchPeople } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () => fireEvent.mouseDown(within(itemElement('owner')).getByRole('combobox')));
    await screen.findByRole('option', { name: 'Ada Lovelace' });
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Ada Lovelace"]')!);
    expect(lastValue(recorder, 'owner')).toEqual(ada);
    expect(checkAnswerValue(doc, itemOf('owner'), ada)).toBeNull();
  });
});
