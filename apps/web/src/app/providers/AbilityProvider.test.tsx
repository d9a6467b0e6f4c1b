import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { useAppAbility } from '../../lib/permissions.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { authKeys } from '../../lib/session.ts';
import { makeSession } from '../../test/session.ts';
import { AbilityProvider } from './AbilityProvider.tsx';

function Probe() {
  const ability = useAppAbility();
  const [note, setNote] = useState('');
  return (
    <>
      <input aria-label="note" value={note} onChange={(event) => setNote(event.target.value)} />
      <p>{ability.can('call', 'USR_MANAGE_USER') ? 'may manage users' : 'may not manage users'}</p>
    </>
  );
}

describe('AbilityProvider', () => {
  it('answers no permission at once while logged out, then the session’s once CASL has loaded, keeping the screen’s state', async () => {
    await initI18n('en');
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.session, null);
    render(
      <QueryClientProvider client={queryClient}>
        <AbilityProvider>
          <Probe />
        </AbilityProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('may not manage users')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('note'), { target: { value: 'typed before signing in' } });
    act(() => {
      queryClient.setQueryData(authKeys.session, makeSession({ abilities: ['USR_MANAGE_USER'] }));
    });
    expect(await screen.findByText('may manage users')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('note').value).toBe('typed before signing in');
  });
});
