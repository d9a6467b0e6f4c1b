import { featuresOfPlan, type AuthState } from '@vigil/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpgradePrompt } from '../../../components/UpgradePrompt.tsx';
import { fakeApi, Reply } from '../../../test/fake-api.ts';
import { renderWithSession } from '../../../test/render.tsx';
import { makeSession } from '../../../test/session.ts';
import { PlanCard } from './PlanCard.tsx';

vi.setConfig({ testTimeout: 30_000 });

/** The trial calls answer the workspace's plan; the session and plan reloads after them are not what these tests read. */
function fakeServer(session: AuthState) {
  const plan = { plan: session.workspace.plan, trial_plan: null, trial_ends_at: null, features: featuresOfPlan(session.workspace.plan) };
  return fakeApi({
    'POST /api/settings/organization/plans/trial': () => new Reply(plan, 'Done'),
    'DELETE /api/settings/organization/plans/trial': () => new Reply(plan, 'Done'),
    'GET /api/settings/organization/plans': () => plan,
  });
}

const onTrial = (session: AuthState, endsInDays: number): AuthState => ({
  ...session,
  workspace: {
    ...session.workspace,
    trial_plan: 'premium',
    trial_ends_at: new Date(Date.now() + endsInDays * 86_400_000 - 60_000).toISOString(),
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('free trial', () => {
  it('the upgrade prompt starts the trial of the plan that has the feature, after confirming', async () => {
    const session = makeSession({ abilities: ['APP_EDIT_SETTINGS'] });
    const calls = fakeServer(session);
    await renderWithSession(<UpgradePrompt feature="ana_issues" />, session);
    fireEvent.click(screen.getByRole('button', { name: 'Try for free' }));
    expect(await screen.findAllByText('Start your 14-day free trial of the Premium plan? You can cancel it at any time.')).not.toHaveLength(
      0,
    );
    const buttons = screen.getAllByRole('button', { name: 'Try for free' });
    fireEvent.click(buttons.at(-1)!);
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST /api/settings/organization/plans/trial').map((c) => c.body)).toEqual([
        { plan: 'premium' },
      ]),
    );
  });

  it('a member without the settings permission sees why they cannot start it', async () => {
    const session = makeSession();
    const calls = fakeServer(session);
    await renderWithSession(<PlanCard plan="premium" period="monthly" current={session.workspace} />, session);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Try for free' }).disabled).toBe(true);
    expect(calls.some((c) => c.key === 'POST /api/settings/organization/plans/trial')).toBe(false);
  });

  it('shows the days left of a running trial and cancels it after confirming', async () => {
    const session = onTrial(makeSession({ abilities: ['APP_EDIT_SETTINGS'] }), 5);
    const calls = fakeServer(session);
    await renderWithSession(<PlanCard plan="premium" period="monthly" current={session.workspace} />, session);
    expect(screen.getByText('Free trial: 5 days left')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try for free' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the trial' }));
    expect(
      await screen.findAllByText(/Cancel the free trial of the Premium plan\? The workspace goes back to the Free plan at once/),
    ).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/settings/organization/plans/trial')).toBe(true));
  });

  it('says "1 day left" on the last day, not "1 days"', async () => {
    const session = onTrial(makeSession({ abilities: ['APP_EDIT_SETTINGS'] }), 1);
    fakeServer(session);
    await renderWithSession(<PlanCard plan="premium" period="monthly" current={session.workspace} />, session);
    expect(screen.getByText('Free trial: 1 day left')).toBeTruthy();
  });
});
