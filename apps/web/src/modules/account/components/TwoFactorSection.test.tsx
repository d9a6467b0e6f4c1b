import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, TwoFactorStatus } from '@vigil/contracts';
import { Failure, fakeApi, type FakeCall } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { TwoFactorSection } from './TwoFactorSection.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

type Method = 'email' | 'totp' | null;
const status = (method: Method, extra: Partial<TwoFactorStatus> = {}): TwoFactorStatus => ({
  method,
  required_by_workspace: false,
  recovery_codes_left: method === 'totp' ? 10 : 0,
  ...extra,
});
const bodiesOf = (calls: FakeCall[], key: ApiKey) => calls.filter((c) => c.key === key).map((c) => c.body);

describe('the two-factor section of account settings', () => {
  it('turns e-mail codes on with the password, and shows the server field message when it is wrong', async () => {
    let method: Method = null;
    const calls = fakeApi({
      'GET /api/user/account/two-factor': () => status(method),
      'POST /api/user/account/two-factor/email': ({ body }) => {
        if (body.password !== 'right')
          return new Failure(422, '_VALIDATION_FAILED', 'Some fields are not valid.', {
            password: ['The current password is not correct.'],
          });
        method = 'email';
        return status(method);
      },
    });
    await renderWithSession(<TwoFactorSection />, makeSession());
    expect(await screen.findByText('Off')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use codes by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('The current password is not correct.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Code by e-mail')).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/user/account/two-factor/email')).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('sets up an authenticator app: QR code, confirming code, then the recovery codes once', async () => {
    const codes = ['aaaaa-bbbbb', 'ccccc-ddddd'];
    let method: Method = null;
    const calls = fakeApi({
      'GET /api/user/account/two-factor': () => status(method),
      'POST /api/user/account/two-factor/totp/start': () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x',
        qr_code: 'data:image/png;base64,AAAA',
      }),
      'POST /api/user/account/two-factor/totp/confirm': () => {
        method = 'totp';
        return { recovery_codes: codes };
      },
    });
    await renderWithSession(<TwoFactorSection />, makeSession());
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByRole<HTMLImageElement>('img', { name: 'QR code to add Vigil to an authenticator app' })).src).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    const codeField = within(dialog).getByLabelText('6-digit code from the app');
    fireEvent.change(codeField, { target: { value: '12a4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/user/account/two-factor/totp/confirm')).toEqual([]);
    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Authenticator app')).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/user/account/two-factor/totp/confirm')).toEqual([{ code: '123456' }]);
  });

  it('turns an authenticator off with a recovery code instead of the password', async () => {
    let method: Method = 'totp';
    const calls = fakeApi({
      'GET /api/user/account/two-factor': () => status(method),
      'POST /api/user/account/two-factor/disable': () => {
        method = null;
        return status(method);
      },
    });
    await renderWithSession(<TwoFactorSection />, makeSession());
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Or a code'), { target: { value: 'aaaaa-bbbbb' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(bodiesOf(calls, 'POST /api/user/account/two-factor/disable')).toEqual([{ code: 'aaaaa-bbbbb' }]);
  });

  it('says when the workspace requires a second factor', async () => {
    fakeApi({ 'GET /api/user/account/two-factor': () => status(null, { required_by_workspace: true }) });
    await renderWithSession(<TwoFactorSection />, makeSession());
    expect(
      await screen.findByText('Your workspace requires two-factor sign-in: until you choose a method, you get your codes by e-mail.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull());
  });
});
