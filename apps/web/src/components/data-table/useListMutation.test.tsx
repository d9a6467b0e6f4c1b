import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { tableQueryKey, useListMutation } from './useListMutation.ts';

function setUp() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { invalidate, wrapper };
}

describe('useListMutation', () => {
  it('reloads the named tables and queries after a change', async () => {
    const { invalidate, wrapper } = setUp();
    const call = vi.fn(async (id: string) => ({ id }));
    const { result } = renderHook(() => useListMutation(call, { tables: ['groups', 'groups-archived'], queries: [['groups']] }), {
      wrapper,
    });
    await act(async () => {
      expect(await result.current.mutateAsync('g1')).toEqual({ id: 'g1' });
    });
    expect(call).toHaveBeenCalledWith('g1', expect.anything());
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      tableQueryKey('groups'),
      tableQueryKey('groups-archived'),
      ['groups'],
    ]);
  });

  it('reloads nothing when the change fails', async () => {
    const { invalidate, wrapper } = setUp();
    const { result } = renderHook(() => useListMutation(async () => Promise.reject(new Error('refused')), { tables: ['groups'] }), {
      wrapper,
    });
    await act(async () => {
      await expect(result.current.mutateAsync(undefined)).rejects.toThrow('refused');
    });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
