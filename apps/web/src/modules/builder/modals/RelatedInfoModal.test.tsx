import { fireEvent, screen } from '@testing-library/react';
import type { TemplateDocument } from '@vigil/checklist';
import { buildDocument } from '@vigil/checklist/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { isAcceptedImage } from '../rich-text/rich-text-options.ts';
import { infoHtmlOf, withInfoHtml } from './info-block.ts';
import { RelatedInfoModal } from './RelatedInfoModal.tsx';

function sample(): TemplateDocument {
  return buildDocument(
    [
      {
        id: 'p1',
        type: 'page',
        children: [
          { id: 'q1', type: 'textAnswer', title: 'Seal', options: { info_id: 'info-1' } },
          { id: 'q2', type: 'textAnswer', title: 'Hose' },
        ],
      },
    ],
    {
      title: 'Pump',
      info: [
        {
          uuid: 'info-1',
          items: [
            { type: 'text', content: '<p>Check the <strong>seal</strong></p>' },
            { type: 'file', id: 7 },
          ],
        },
      ],
    },
  );
}
const itemOf = (doc: TemplateDocument, id: string) => doc.items.find((item) => item.id === id)!;

describe('info blocks', () => {
  it('reads, replaces and removes the rich text of an item', () => {
    const doc = sample();
    expect(infoHtmlOf(doc, itemOf(doc, 'q1'))).toBe('<p>Check the <strong>seal</strong></p>');
    const replaced = withInfoHtml(doc, itemOf(doc, 'q1'), '<h2>New</h2>');
    expect(replaced.infoId).toBe('info-1');
    expect(replaced.document.info).toEqual([
      {
        uuid: 'info-1',
        items: [
          { type: 'text', content: '<h2>New</h2>' },
          { type: 'file', id: 7 },
        ],
      },
    ]);
    const added = withInfoHtml(doc, itemOf(doc, 'q2'), '<p>Hose</p>');
    expect(added.document.info).toHaveLength(2);
    expect(withInfoHtml(doc, itemOf(doc, 'q1'), '<p></p>')).toEqual({ document: { ...doc, info: [] }, infoId: '' });
  });

  it('accepts gif, jpeg, jpg, png and svg images only', () => {
    expect(
      ['a.gif', 'a.jpeg', 'a.jpg', 'a.png'].every((name) =>
        isAcceptedImage({ name, type: name.endsWith('gif') ? 'image/gif' : name.endsWith('png') ? 'image/png' : 'image/jpeg' }),
      ),
    ).toBe(true);
    expect(isAcceptedImage({ name: 'a.svg', type: 'image/svg+xml' })).toBe(true);
    expect(isAcceptedImage({ name: 'a.webp', type: 'image/webp' })).toBe(false);
    expect(isAcceptedImage({ name: 'a.html', type: 'text/html' })).toBe(false);
  });
});

describe('RelatedInfoModal', { timeout: 20_000 }, () => {
  it('opens the item text in the editor with its toolbar and applies it on save', async () => {
    const onApply = vi.fn();
    await renderWithSession(
      <RelatedInfoModal document={sample()} itemId="q1" open onApply={onApply} onClose={vi.fn()} />,
      makeSession({ plan: 'standard' }),
    );
    expect(await screen.findByText('seal')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Font' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Font size' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Insert image' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const next = onApply.mock.calls[0][0] as TemplateDocument;
    expect(itemOf(next, 'q1').options.info_id).toBe('info-1');
    expect(infoHtmlOf(next, itemOf(next, 'q1'))).toBe('<p>Check the <strong>seal</strong></p>');
  });
});
