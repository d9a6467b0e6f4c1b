import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkAnswerValue, type TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itemElement, lastValue, renderChecklist } from '../../../test/checklist.tsx';
import { fakeUploads } from '../../../test/fake-uploads.ts';

/** The browser's recorder, played: it hands back what it "recorded" when stopped. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm';
  mimeType = 'audio/webm';
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['sound'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

const doc: TemplateDocument = buildDocument([
  { id: 'p1', type: 'page', children: [{ id: 'noise', type: 'audio', title: 'Pump noise', options: { max_length: 5 } }] },
]);

describe('RecorderDialog', () => {
  const stopped: string[] = [];
  beforeEach(() => {
    Object.defineProperty(window, 'MediaRecorder', { configurable: true, value: FakeRecorder });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => ({ getTracks: () => [{ stop: () => stopped.push('mic') }] }) },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'MediaRecorder');
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('records a sound with the microphone, uploads it and answers it, and lets the microphone go', async () => {
    const uploads = fakeUploads();
    const recorder = await renderChecklist(doc, { sources: { uploadFile: uploads.uploadFile } });
    fireEvent.click(within(itemElement('noise')).getByRole('button', { name: 'Record sound' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('timer').textContent).toBe('0 s of 5 s');
    const start = within(dialog).getByRole('button', { name: 'Start' });
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    fireEvent.click(start);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    expect(uploads.calls[0].file.type).toBe('audio/webm');
    expect(uploads.calls[0].file.name).toMatch(/^audio-.*\.webm$/);
    await act(async () => uploads.calls[0].succeed());
    expect(
      checkAnswerValue(
        doc,
        doc.items.find((item) => item.id === 'noise')!,
        lastValue(recorder, 'noise'),
      ),
    ).toBeNull();
    await waitFor(() => expect(stopped).toContain('mic'));
  });
});
