import { describe, expect, it } from 'vitest';
import { fileUrl, thumbnailUrl } from './files.ts';

describe('file addresses', () => {
  it('serves storage paths from the site root and leaves absolute addresses alone', () => {
    expect(fileUrl('storage/w/a.jpg')).toBe('/storage/w/a.jpg');
    expect(fileUrl('/storage/w/a.jpg')).toBe('/storage/w/a.jpg');
    expect(fileUrl('blob:http://localhost/1')).toBe('blob:http://localhost/1');
  });

  it("asks Vigil for a picture's thumbnail, and shows a local picture as it is", () => {
    expect(thumbnailUrl('storage/w/a.jpg')).toBe('/storage/w/a.jpg?size=thumb');
    expect(thumbnailUrl('/api/shared/inspections/t/media/f')).toBe('/api/shared/inspections/t/media/f?size=thumb');
    expect(thumbnailUrl('blob:http://localhost/1')).toBe('blob:http://localhost/1');
    expect(thumbnailUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
