import { describe, expect, it } from 'vitest';
import { infoHtmlOf, safeRichText } from './safe-html.ts';

describe('safeRichText', () => {
  it.each([
    ['<p>Hi <em>there</em></p>', '<p>Hi <em>there</em></p>'],
    ['<p onclick="x()">Hi</p>', '<p>Hi</p>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="https://vigil.example/help">help</a>',
      '<a href="https://vigil.example/help" target="_blank" rel="noopener noreferrer nofollow">help</a>',
    ],
    ['<img src="https://tracker.example/p.gif">', ''],
    ['<img src="/storage/w-1/diagram.png" alt="Diagram">', '<img src="/storage/w-1/diagram.png" alt="Diagram">'],
    ['<span style="font-size: 24px; color: red; position: fixed">Big</span>', '<span style="font-size: 24px;">Big</span>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('%s', (input, output) => {
    expect(safeRichText(input)).toBe(output);
  });

  it("reads an item's info block as the builder writes it", () => {
    const info = [
      {
        uuid: 'i1',
        items: [
          { type: 'file', url: '/x' },
          { type: 'text', content: '<p>Read me</p>' },
        ],
      },
    ];
    expect(infoHtmlOf(info, 'i1')).toBe('<p>Read me</p>');
    expect(infoHtmlOf(info, 'other')).toBe('');
    expect(infoHtmlOf(info, '')).toBe('');
  });
});
