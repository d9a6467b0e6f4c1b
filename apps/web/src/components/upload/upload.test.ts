import { describe, expect, it } from 'vitest';
import { ANY_FILE, checkFile, IMAGE_FILE } from './check-file.ts';
import { uploadErrorMessage } from './upload-file.ts';

describe('checkFile', () => {
  it('passes a picture within 10 KB and 30 MB', () => {
    expect(checkFile({ size: 50_000, type: 'image/png' }, IMAGE_FILE)).toBeNull();
  });

  it.each([
    [{ size: 31 * 1024 * 1024, type: 'image/png' }, IMAGE_FILE, { reason: 'too_large', limit: '30 MB' }],
    [{ size: 9 * 1024, type: 'image/jpeg' }, IMAGE_FILE, { reason: 'too_small', limit: '10 KB' }],
    [{ size: 50_000, type: 'image/svg+xml' }, IMAGE_FILE, { reason: 'type' }],
    [{ size: 50_000, type: 'application/pdf' }, IMAGE_FILE, { reason: 'type' }],
    [{ size: 50_000, type: 'text/html' }, ANY_FILE, { reason: 'type' }],
  ])('refuses %o', (file, rules, failure) => {
    expect(checkFile(file, rules)).toEqual(failure);
  });

  it('leaves a file the browser cannot type to the server, which reads its content', () => {
    expect(checkFile({ size: 50_000, type: '' }, ANY_FILE)).toBeNull();
  });
});

describe('uploadErrorMessage (spec 1 §8 "Upload failure")', () => {
  it('takes the first message of the error data first', () => {
    expect(
      uploadErrorMessage(
        { code: '_VALIDATION_FAILED', message: 'Some fields are not valid.', data: { file: ['This type of file is not allowed.'] } },
        'Unexpected error',
      ),
    ).toBe('This type of file is not allowed.');
  });

  it('then the error message, then the fallback', () => {
    expect(uploadErrorMessage({ code: '_PAYLOAD_TOO_LARGE', message: 'The request is too large.' }, 'Unexpected error')).toBe(
      'The request is too large.',
    );
    expect(uploadErrorMessage(undefined, 'Unexpected error')).toBe('Unexpected error');
    expect(uploadErrorMessage({ data: {} }, 'Unexpected error')).toBe('Unexpected error');
  });
});
