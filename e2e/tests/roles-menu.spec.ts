import { expect, test, type Page } from '@playwright/test';
import {
  addRoleThroughMenu,
  chooseLanguage,
  createRoleThroughDrawer,
  inviteThroughDialog,
  linkIn,
  logIn,
  setPassword,
  signIn,
  text,
  unique,
  useMailbox,
} from './support.ts';

const { mailTo } = useMailbox();
// Two browsers, a mail round trip and several role changes: longer than a one-screen check.
test.describe.configure({ timeout: 180_000 });

const groupsEntry = (page: Page) => page.getByTestId('side-menu').locator('a[href="/group/list"]');

/** Checks or unchecks one permission of a role from /user/role. */
async function setRolePermission(page: Page, role: string, code: string, granted: boolean) {
  await page.goto('/user/role');
  await page.getByRole('button', { name: `${text('en', 'roles', 'actions.edit')} ${role}` }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('checkbox', { name: text('en', 'roles', `permissions.${code}`) }).setChecked(granted);
  await drawer.getByRole('button', { name: text('en', 'roles', 'actions.save') }).click();
  await expect(drawer).toBeHidden();
}

test("change a role's permissions and watch the member's menu entry disappear and reappear", async ({ page, browser }) => {
  const email = unique('roles-menu');
  await logIn(page);
  await createRoleThroughDrawer(page, 'en', 'Team watcher', ['USR_VIEW_GROUP_LIST']);
  await inviteThroughDialog(page, 'en', { firstName: 'Rhea', lastName: 'Roles', email });
  const member = await browser.newPage();
  await setPassword(member, linkIn(await mailTo(email)), 'rhea has a long password');
  await signIn(member, email, 'rhea has a long password');
  await addRoleThroughMenu(page, 'en', 'Rhea Roles', 'Team watcher');
  await member.reload();
  await expect(groupsEntry(member)).toHaveCount(1);

  // The administrator takes the permission away from the role: the entry goes, the screen is refused.
  await setRolePermission(page, 'Team watcher', 'USR_VIEW_GROUP_LIST', false);
  await member.reload();
  await expect(member.getByTestId('side-menu')).toBeVisible();
  await expect(groupsEntry(member)).toHaveCount(0);
  await member.goto('/group/list');
  await expect(member.getByText(text('en', 'shell', 'forbidden.title'))).toBeVisible();

  // And gives it back: the entry returns and the screen opens.
  await setRolePermission(page, 'Team watcher', 'USR_VIEW_GROUP_LIST', true);
  await member.goto('/dashboard');
  await expect(groupsEntry(member)).toHaveCount(1);
  await groupsEntry(member).click();
  await expect(member.getByRole('heading', { level: 1, name: text('en', 'groups', 'title') })).toBeVisible();
  await member.close();
});

test('invite a member and give them a role in Arabic, right to left', async ({ page, browser }) => {
  const email = unique('arabic-invitee');
  const role = 'مراقب الفرق';
  await logIn(page);
  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await createRoleThroughDrawer(page, 'ar', role, ['USR_VIEW_GROUP_LIST']);
  await inviteThroughDialog(page, 'ar', { firstName: 'ليلى', lastName: 'حداد', email });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The invitation is written in the inviter's language.
  const mail = await mailTo(email);
  expect(mail.subject).toMatch(/^دعاك .+ إلى .+ على Vigil$/);
  const member = await browser.newPage();
  await setPassword(member, linkIn(mail), 'layla has a long password');
  await signIn(member, email, 'layla has a long password');
  await expect(groupsEntry(member)).toHaveCount(0);

  await addRoleThroughMenu(page, 'ar', 'ليلى حداد', role);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await member.reload();
  await expect(groupsEntry(member)).toHaveCount(1);
  await member.close();
});
