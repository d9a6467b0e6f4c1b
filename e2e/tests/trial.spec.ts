import { expect, test } from '@playwright/test';
import { inFreeWorkspace, logIn, plural, text } from './support.ts';

test('a gated screen shows the upgrade prompt; try for free opens it at once; cancelling closes it again', async ({ page }) => {
  await logIn(page);
  await inFreeWorkspace(page, 'Trial', async () => {
    await page.goto('/issues');
    const menuEntry = page.getByTestId('side-menu').locator('a[href="/issues"]');
    const upgrade = page.getByRole('heading', { level: 1, name: text('en', 'common', 'feature_gate.title') });
    await expect(upgrade).toBeVisible();
    await expect(menuEntry).toHaveCount(0);

    await page.getByRole('button', { name: text('en', 'common', 'feature_gate.try_free') }).click();
    const confirmation = page.getByRole('dialog');
    await expect(confirmation).toContainText(
      plural('en', 'plans', 'trial.confirm_start', 14, { plan: text('en', 'common', 'plans.premium') }),
    );
    await confirmation.getByRole('button', { name: text('en', 'plans', 'card.try_free') }).click();
    await expect(upgrade).toHaveCount(0);
    await expect(menuEntry).toHaveCount(1);

    // The plans page shows the running trial with its days left, and cancels it after confirming.
    await page.goto('/workspace/settings/plans');
    const card = page.getByTestId('plan-card-premium');
    await expect(card.getByText(plural('en', 'plans', 'card.trial_days_left', 14))).toBeVisible();
    await card.getByRole('button', { name: text('en', 'plans', 'card.cancel_trial') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('en', 'common', 'actions.confirm') })
      .click();
    await expect(card.getByText(plural('en', 'plans', 'card.trial_days_left', 14))).toHaveCount(0);
    // One trial per workspace: the offer is gone.
    await expect(card.getByRole('button', { name: text('en', 'plans', 'card.try_free') })).toBeDisabled();

    await page.goto('/issues');
    await expect(upgrade).toBeVisible();
  });
});
