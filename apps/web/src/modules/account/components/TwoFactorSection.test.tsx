import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { TwoFactorSection } from './TwoFactorSection.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

type Answer = { status?: number; body: unknown };

/** A fake server: `answer` per URL; every call is recorded. */
function fakeServer(answer: (url: string, body: Record<string, unknown>) => Answer) {
  const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), body: init?.body ? JSON.parse(String(init.body)) : {} };
      calls.push(call);
      const { status = 200, body } = answer(call.url, call.body);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const status = (method: 'email' | 'totp' | null, extra: Record<string, unknown> = {}) => ({
  body: { data: { method, required_by_workspace: false, recovery_codes_left: method === 'totp' ? 10 : 0, ...extra } },
});

describe('the two-factor section of account settings', () => {
  it('turns e-mail codes on with the password, and shows the server field message when it is wrong', async () => {
    let method: 'email' | null = null;
    const calls = fakeServer((url, body) => {
      if (url.endsWith('/two-factor/email')) {
        if (body.password !== 'right') return { status: 422, body: { code: '_VALIDATION_FAILED', message: 'Some fields are not valid.', data: { password: ['The current password is not correct.'] } } };
        method = 'email';
      }
      return status(method);
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
    expect(calls.filter((c) => c.url.endsWith('/two-factor/email')).map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('sets up an authenticator app: QR code, confirming code, then the recovery codes once', async () => {
    const codes = ['aaaaa-bbbbb', 'ccccc-ddddd'];
    let method: 'totp' | null = null;
    const calls = fakeServer((url) => {
      if (url.endsWith('/totp/start')) return { body: { data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_code: 'data:image/png;base64,AAAA' } } };
      if (url.endsWith('/totp/confirm')) {
        method = 'totp';
        return { body: { data: { recovery_codes: codes } } };
      }
      return status(method);
    });
    await renderWithSession(<TwoFactorSection />, makeSession());
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(((await within(dialog).findByRole('img', { name: 'QR code to add Vigil to an authenticator app' })) as HTMLImageElement).src).toBe('data:image/png;base64,AAAA');
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('6-digit code from the app'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Authenticator app')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/totp/confirm'))?.body).toEqual({ code: '123456' });
  });

  it('turns an authenticator off with a recovery code instead of the password', async () => {
    let method: 'totp' | null = 'totp';
    const calls = fakeServer((url) => {
      if (url.endsWith('/disable')) method = null;
      return status(method);
    });
    await renderWithSession(<TwoFactorSection />, makeSession());
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Or a code'), { target: { value: 'aaaaa-bbbbb' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/disable'))?.body).toEqual({ code: 'aaaaa-bbbbb' });
  });

  it("says when the workspace requires a second factor", async () => {
    fakeServer(() => ({ body: { data: { method: null, required_by_workspace: true, recovery_codes_left: 0 } } }));
    await renderWithSession(<TwoFactorSection />, makeSession());
    expect(await screen.findByText('Your workspace requires two-factor sign-in: until you choose a method, you get your codes by e-mail.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull());
  });
});
