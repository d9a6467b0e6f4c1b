import { act, screen } from '@testing-library/react';
import type { PermissionRequirement } from '@vigil/contracts';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../test/session.ts';
import { renderWithSession } from '../test/render.tsx';
import { Can } from './Can.tsx';

const asManager = makeSession({ abilities: ['USR_MANAGE_USER'] });

describe('Can', () => {
  it.each<[PermissionRequirement]>([['USR_MANAGE_USER'], ['USR_VIEW_USER_LIST|USR_MANAGE_USER'], [['USR_MANAGE_ROLE', 'USR_MANAGE_USER']]])(
    'shows its children when any one code of %j is held',
    async (requirement) => {
      await renderWithSession(<Can I={requirement}>allowed</Can>, asManager);
      expect(screen.getByText('allowed')).toBeTruthy();
    },
  );

  it('hides its children without any of the codes', async () => {
    await renderWithSession(<Can I="USR_MANAGE_ROLE|LOG_VIEW_USER_ACTIVITY">hidden</Can>, asManager);
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('hides its children when logged out', async () => {
    await renderWithSession(<Can I="USR_MANAGE_USER">hidden</Can>, null);
    expect(screen.queryByText('hidden')).toBeNull();
  });

  it('renders the child disabled with the no-permission tooltip in disabledFallback mode', async () => {
    await renderWithSession(
      <Can I="USR_MANAGE_ROLE" disabledFallback>
        <Button>New role</Button>
      </Can>,
      asManager,
    );
    const button = screen.getByRole('button', { name: 'New role' });
    expect(button.hasAttribute('disabled')).toBe(true);
    act(() => button.parentElement?.focus());
    expect(await screen.findByText("You don't have permission to perform this action.")).toBeTruthy();
  });
});
