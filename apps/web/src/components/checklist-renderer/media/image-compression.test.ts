import { describe, expect, it } from 'vitest';
import { compressionTarget } from './image-compression.ts';

describe('compressionTarget', () => {
  it.each([
    [{ quality: 'normal' }, 1600, 'image/jpeg'],
    [{}, 1600, 'image/jpeg'],
    [{ quality: 'sd' }, 854, 'image/jpeg'],
    [{ quality: 'hd' }, 1280, 'image/jpeg'],
    [{ quality: 'fhd' }, 1920, 'image/jpeg'],
    [{ quality: 'QHD' }, 2560, 'image/jpeg'],
    [{ quality: 'png' }, 1920, 'image/png'],
    [{ quality: 'custom', max_width: 1024, max_height: 768 }, 1024, 'image/jpeg'],
    [{ quality: 'custom' }, 1600, 'image/jpeg'],
    [{ quality: 'something new' }, 1600, 'image/jpeg'],
  ])('%j: longer side %i as %s', (options, maxSide, type) => {
    expect(compressionTarget(options)).toEqual({ maxSide, type });
  });
});
