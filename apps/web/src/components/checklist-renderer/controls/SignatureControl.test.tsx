import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkAnswerValue, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { itemElement, lastValue, renderChecklist } from '../../../test/checklist.tsx';
import { fakeUploads } from '../../../test/fake-uploads.ts';

// jsdom draws nothing on a canvas: signature_pad is played by a pad that has always been drawn on.
const drawn = { empty: false };
vi.mock('signature_pad', () => ({
  default: class {
    isEmpty() {
      return drawn.empty;
    }
    clear() {
      drawn.empty = true;
    }
    off() {}
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgo=';
    }
  },
}));

const doc: TemplateDocument = buildDocument([{ id: 'p1', type: 'page', children: [{ id: 'sig', type: 'signature', title: 'Inspector' }] }]);

describe('SignatureControl', () => {
  it("needs the signer's name and a drawing, uploads the drawing as a PNG and answers the signature", async () => {
    drawn.empty = false;
    const uploads = fakeUploads();
    const recorder = await renderChecklist(doc, { sources: { uploadFile: uploads.uploadFile } });
    fireEvent.click(within(itemElement('sig')).getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('signature-pad')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save signature' }));
    expect(within(dialog).getByRole('alert').textContent).toBe("Enter the signer's name");
    expect(uploads.calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Signer's name"), { target: { value: '  Grace Hopper ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save signature' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Draw the signature first');

    drawn.empty = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save signature' }));
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    expect(uploads.calls[0].file.type).toBe('image/png');
    await act(async () => uploads.calls[0].succeed());
    const value = lastValue(recorder, 'sig') as { name: string; signed_at: string };
    expect(value).toMatchObject({ file: { id: 'm1', url: '/storage/w-1/m1.bin' }, name: 'Grace Hopper' });
    expect(
      checkAnswerValue(
        doc,
        doc.items.find((item) => item.id === 'sig')!,
        value,
      ),
    ).toBeNull();
    expect(within(itemElement('sig')).getByTestId('checklist-signature').textContent).toContain('Signed by Grace Hopper');
  });

  it('keeps the dialog open with Retry when the upload fails', async () => {
    drawn.empty = false;
    const uploads = fakeUploads();
    await renderChecklist(doc, { sources: { uploadFile: uploads.uploadFile } });
    fireEvent.click(within(itemElement('sig')).getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText("Signer's name"), { target: { value: 'Grace' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save signature' }));
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    await act(async () => uploads.calls[0].fail());
    expect(within(dialog).getByRole('alert').textContent).toBe('The signature could not be saved');
    fireEvent.click(await within(dialog).findByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(uploads.calls).toHaveLength(2));
  });
});
