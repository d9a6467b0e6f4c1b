import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkAnswerValue, type Item, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it } from 'vitest';
import { itemElement, lastValue, renderChecklist } from '../../../test/checklist.tsx';
import { fakeUploads } from '../../../test/fake-uploads.ts';

const doc: TemplateDocument = buildDocument([
  {
    id: 'p1',
    type: 'page',
    children: [
      { id: 'shot', type: 'photo', title: 'Front view' },
      { id: 'shots', type: 'photo', title: 'All sides', options: { multi_photo: true, allow_camera: false } },
      { id: 'docs', type: 'file_manager', title: 'Certificates' },
      { id: 'clip', type: 'video', title: 'Run the pump', options: { photo_library: false } },
    ],
  },
]);
const itemOf = (id: string): Item => doc.items.find((item) => item.id === id)!;
const pick = (scope: HTMLElement, label: string, files: File[]) =>
  fireEvent.change(within(scope).getByLabelText(label, { selector: 'input' }), { target: { files } });
const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

describe('MediaControl', () => {
  it('uploads with its progress read out, retries a failed upload and answers the files as the domain takes them', async () => {
    const uploads = fakeUploads();
    const recorder = await renderChecklist(doc, { sources: { uploadFile: uploads.uploadFile } });
    const docs = itemElement('docs');
    pick(docs, 'Choose files', [pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => expect(uploads.calls).toHaveLength(2));
    act(() => uploads.calls[0].progress(0.5));
    expect(within(docs).getByRole('progressbar', { name: 'Uploading a.pdf' }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(docs).getAllByTestId('checklist-upload-status')[0].textContent).toBe('Uploading 2 files: 25 %');
    await act(async () => uploads.calls[0].succeed());
    await act(async () => uploads.calls[1].fail());
    expect(within(docs).getByText('Upload failed')).toBeTruthy();
    expect(within(docs).getAllByTestId('checklist-upload-status')[0].textContent).toBe('1 upload failed');
    fireEvent.click(within(docs).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(uploads.calls).toHaveLength(3));
    // The retry sends the same file again.
    expect(uploads.calls[2].file.name).toBe('b.pdf');
    await act(async () => uploads.calls[2].succeed());
    const value = lastValue(recorder, 'docs');
    expect(value).toEqual([
      { id: 'm1', url: '/storage/w-1/m1.bin', name: 'a.pdf', mime: 'application/pdf' },
      { id: 'm3', url: '/storage/w-1/m3.bin', name: 'b.pdf', mime: 'application/pdf' },
    ]);
    expect(checkAnswerValue(doc, itemOf('docs'), value)).toBeNull();
    expect(within(docs).getAllByTestId('checklist-file')).toHaveLength(2);
    expect(within(docs).queryByTestId('checklist-upload')).toBeNull();

    fireEvent.click(within(docs).getByRole('button', { name: 'Remove a.pdf' }));
    expect(lastValue(recorder, 'docs')).toEqual([{ id: 'm3', url: '/storage/w-1/m3.bin', name: 'b.pdf', mime: 'application/pdf' }]);
  });

  it('takes one photo without multi_photo, from the camera or the library, and shows it as a thumbnail', async () => {
    const uploads = fakeUploads();
    const recorder = await renderChecklist(doc, { sources: { uploadFile: uploads.uploadFile } });
    const shot = itemElement('shot');
    const camera = within(shot).getByLabelText('Take photo', { selector: 'input' });
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(within(shot).getByLabelText('Choose photo', { selector: 'input' }).hasAttribute('multiple')).toBe(false);
    pick(shot, 'Choose photo', [
      new File(['gif'], 'front.gif', { type: 'image/gif' }),
      new File(['gif'], 'back.gif', { type: 'image/gif' }),
    ]);
    expect(within(shot).getByRole('alert').textContent).toBe('This question takes 1 file');
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    await act(async () => uploads.calls[0].succeed());
    const value = lastValue(recorder, 'shot');
    expect(checkAnswerValue(doc, itemOf('shot'), value)).toBeNull();
    const thumbnail = within(shot).getByRole('img', { name: 'front.gif' });
    expect(thumbnail.getAttribute('src')).toBe('/storage/w-1/m1.bin?size=thumb');
    expect(thumbnail.closest('a')?.getAttribute('href')).toBe('/storage/w-1/m1.bin');
    // Full: no more buttons.
    expect(within(shot).queryByRole('button', { name: 'Take photo' })).toBeNull();

    // Several photos, from the library only.
    const shots = itemElement('shots');
    expect(within(shots).queryByRole('button', { name: 'Take photo' })).toBeNull();
    expect(within(shots).getByLabelText('Choose photos', { selector: 'input' }).hasAttribute('multiple')).toBe(true);
  });

  it('offers recording a video up to its length, and says files are added in an inspection when the screen uploads nothing', async () => {
    await renderChecklist(doc, { sources: { uploadFile: fakeUploads().uploadFile } });
    const clip = itemElement('clip');
    // jsdom has no MediaRecorder: the device's own recorder through the file input.
    const record = within(clip).getByLabelText('Record video', { selector: 'input' });
    expect(record.getAttribute('accept')).toBe('video/*');
    expect(within(clip).queryByRole('button', { name: 'Choose video' })).toBeNull();
  });

  it('says plainly that files are added in an inspection where the screen cannot upload', async () => {
    await renderChecklist(doc);
    expect(within(itemElement('shot')).getByTestId('checklist-needs-inspection').textContent).toContain(
      'Photo: answered in an inspection, not here',
    );
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
  });

  it('read-only, shows the files and offers nothing', async () => {
    const file = { id: 'm9', url: '/storage/w-1/m9.pdf', name: 'cert.pdf', mime: 'application/pdf' };
    await renderChecklist(doc, { readOnly: true, sources: { uploadFile: fakeUploads().uploadFile }, answers: { docs: { value: [file] } } });
    const docs = itemElement('docs');
    expect(within(docs).getByRole('link', { name: 'cert.pdf' }).getAttribute('href')).toBe('/storage/w-1/m9.pdf');
    expect(within(docs).queryByRole('button')).toBeNull();
  });
});
