import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AnswerSchema, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { itemElement, renderChecklist } from '../../test/checklist.tsx';
import { fakeUploads } from '../../test/fake-uploads.ts';

const doc: TemplateDocument = buildDocument([
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'exit', type: 'yesno', title: 'Exit clear?', options: { require_note: true, require_media: true } },
      { id: 'count', type: 'number', title: 'Extinguishers', options: { enable_rating: true } },
      { id: 'total', type: 'calculation', title: 'Total' },
    ],
  },
]);

describe('AnswerExtras', () => {
  it('adds a note, files and a rating to an answer through annotate, keeping its value', async () => {
    const uploads = fakeUploads();
    const recorder = await renderChecklist(doc, { sources: { uploadFile: uploads.uploadFile } });
    const count = within(itemElement('count'));
    fireEvent.change(count.getByRole('spinbutton'), { target: { value: '3' } });
    fireEvent.click(count.getByRole('button', { name: 'Add note' }));
    fireEvent.change(count.getByLabelText('Note'), { target: { value: 'One is empty' } });
    fireEvent.change(count.getByLabelText('Add files', { selector: 'input' }), {
      target: { files: [new File(['%PDF'], 'tag.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    await act(async () => uploads.calls[0].succeed());
    fireEvent.click(count.getByRole('radio', { name: '5: needs improvement' }));

    expect(recorder.annotations).toEqual([
      ['count', { note: 'One is empty' }],
      ['count', { media: [{ id: 'm1', url: '/storage/w-1/m1.bin', name: 'tag.pdf', mime: 'application/pdf' }] }],
      ['count', { rating: 5 }],
    ]);
    const answer = recorder.answers.get('count')!;
    expect(answer).toMatchObject({ value: 3, note: 'One is empty', rating: 5 });
    expect(AnswerSchema.safeParse(answer).success).toBe(true);
    expect(count.getByRole('link', { name: 'tag.pdf' })).toBeTruthy();
    // Nothing to add to a computed value, and no rating where none is asked for.
    expect(within(itemElement('total')).queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(within(itemElement('exit')).queryByText('Rating')).toBeNull();
  });

  it('shows a required note and file as problems once the answer is touched', async () => {
    await renderChecklist(doc, { sources: { uploadFile: fakeUploads().uploadFile } });
    const exit = within(itemElement('exit'));
    // A required note is open from the start.
    expect(exit.getByLabelText('Note')).toBeTruthy();
    fireEvent.click(exit.getByText('Yes'));
    expect(exit.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['A photo or file is required', 'A note is required']);
    fireEvent.change(exit.getByLabelText('Note'), { target: { value: 'Checked twice' } });
    expect(exit.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['A photo or file is required']);
  });

  it('offers no files where the screen cannot upload them, and a note still', async () => {
    await renderChecklist(doc);
    expect(screen.queryByRole('button', { name: 'Add files' })).toBeNull();
    expect(within(itemElement('count')).getByRole('button', { name: 'Add note' })).toBeTruthy();
  });
});
