import type { AuthState } from '@vigil/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { AccountSettingsPage } from './AccountSettingsPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

/** The server: my profile (with a mobile number when given), and changes that answer the session they make. */
function fakeServer(session: AuthState, mobile: string | null = null) {
  const changed = ({ body }: { body: { first_name: string; last_name: string } }) => ({
    ...session,
    userData: {
      ...session.userData,
      first_name: body.first_name,
      last_name: body.last_name,
      full_name: `${body.first_name} ${body.last_name}`,
    },
  });
  return fakeApi({
    'GET /api/user/account/my-profile': () => ({ ...session.userData, mobile }),
    'POST /api/user/account/change-basic-info': changed,
    'POST /api/user/account/change-password': () => null,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/user/account-settings', () => {
  it('sends the changed names', async () => {
    const session = makeSession();
    const calls = fakeServer(session);
    await renderWithSession(<AccountSettingsPage />, session);
    const first = await screen.findByLabelText('First name');
    expect((first as HTMLInputElement).value).toBe('Ada');
    fireEvent.change(first, { target: { value: 'Adèle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/user/account/change-basic-info')?.body).toMatchObject({
        first_name: 'Adèle',
        last_name: 'Lovelace',
      }),
    );
  });

  it('sends the general info, and checks the mobile number before sending', async () => {
    const session = makeSession();
    const calls = fakeServer(session, '+4915123456789');
    await renderWithSession(<AccountSettingsPage />, session);
    const mobile = await screen.findByLabelText<HTMLInputElement>('Mobile');
    await waitFor(() => expect(mobile.value).toBe('+4915123456789'));
    fireEvent.change(mobile, { target: { value: '0151 2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter the number in international form, e.g. +49 151 2345 6789 (8 to 15 digits).')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST /api/user/account/change-basic-info')).toEqual([]);
    fireEvent.change(mobile, { target: { value: '+49 151 2345 6789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/user/account/change-basic-info')?.body).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
        nick_name: '',
        gender: null,
        birth_date: null,
        mobile: '+49 151 2345 6789',
      }),
    );
  });

  it('checks the new passwords match before sending', async () => {
    const calls = fakeServer(makeSession());
    await renderWithSession(<AccountSettingsPage />, makeSession());
    fireEvent.click(await screen.findByRole('tab', { name: 'Change password' }));
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'old password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a new password' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'something else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST /api/user/account/change-password')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'a new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/user/account/change-password')?.body).toEqual({
        current_password: 'old password',
        new_password: 'a new password',
        password_confirmation: 'a new password',
      }),
    );
  });

  it('offers the time zones from GMT-11:00 to GMT+14:00', async () => {
    fakeServer(makeSession());
    await renderWithSession(<AccountSettingsPage />, makeSession());
    fireEvent.click(await screen.findByRole('tab', { name: 'Preferences' }));
    fireEvent.mouseDown(await screen.findByLabelText('Time zone'));
    expect(await screen.findByText('(GMT-11:00) Pacific/Pago Pago')).toBeTruthy();
  });
});
