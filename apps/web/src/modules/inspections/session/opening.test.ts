import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../../lib/http.ts';
import { Failure, fakeApi } from '../../../test/fake-api.ts';
import { inspectionDetail } from '../../../test/inspection-fixtures.ts';
import { openEarly, takeOpening } from './opening.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const asked = (calls: { key: string; params: Record<string, string> }[]) =>
  calls.filter((call) => call.key === 'GET /api/inspections/:id').map((call) => call.params.id);

describe('the early load of an inspection', () => {
  it('is taken once: the screen opening it again asks the server again', async () => {
    let revision = 1;
    const calls = fakeApi({ 'GET /api/inspections/:id': ({ params }) => inspectionDetail({ id: params.id, revision: revision++ }) });
    openEarly('i-1');
    expect(asked(calls)).toEqual(['i-1']);
    expect((await takeOpening('i-1')).revision).toBe(1);
    expect((await takeOpening('i-1')).revision).toBe(2);
    expect(asked(calls)).toEqual(['i-1', 'i-1']);
  });

  it("is the latest navigation's: a second load of the same inspection replaces the first", async () => {
    let revision = 1;
    const calls = fakeApi({ 'GET /api/inspections/:id': ({ params }) => inspectionDetail({ id: params.id, revision: revision++ }) });
    openEarly('i-2');
    openEarly('i-2');
    expect((await takeOpening('i-2')).revision).toBe(2);
    expect(asked(calls)).toEqual(['i-2', 'i-2']);
  });

  it('is quiet when it fails, and the screen asks again with the usual handling', async () => {
    const replaceRoute = vi.fn();
    configureHttp({ replaceRoute });
    let first = true;
    const calls = fakeApi({
      'GET /api/inspections/:id': ({ params }) => {
        if (!first) return inspectionDetail({ id: params.id });
        first = false;
        return new Failure(503, '_SERVICE_UNAVAILABLE', 'Busy');
      },
    });
    openEarly('i-3');
    expect((await takeOpening('i-3')).id).toBe('i-3');
    expect(asked(calls)).toEqual(['i-3', 'i-3']);

    // Not found: the early load leaves it to the screen, whose own call goes to the error page.
    fakeApi({ 'GET /api/inspections/:id': () => new Failure(404, 'INS_NOT_FOUND', 'Not found') });
    openEarly('i-4');
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(replaceRoute).not.toHaveBeenCalled();
    await expect(takeOpening('i-4')).rejects.toMatchObject({ status: 404 });
    expect(replaceRoute).toHaveBeenCalledTimes(1);
  });

  it('leaves no unhandled rejection when it fails and is never taken', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      fakeApi({ 'GET /api/inspections/:id': () => new Failure(403, 'USR_FORBIDDEN', 'No') });
      openEarly('i-5');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
