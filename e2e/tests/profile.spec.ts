import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, logIn, text } from './support.ts';

const t = (path: string, params?: Record<string, string>) => text('en', 'account', path, params);

/** A PNG of random pixels: it does not compress, so 96 × 96 is about 28 KB, above the 10 KB minimum. */
function noisyPng(side = 96): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), randomBytes(side * 3)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The picture an antd Avatar shows, once the browser has loaded it with the session cookie. */
async function expectStoredPicture(avatar: Locator) {
  const image = avatar.locator('img');
  await expect(image).toHaveAttribute('src', /^\/storage\/[0-9a-f-]{36}\/[\w-]{32}\.png$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(96);
}

async function openBasicInfo(page: Page) {
  await page.goto('/user/account-settings');
  await expect(page.getByRole('tab', { name: t('tabs.basic'), selected: true })).toBeVisible();
}

test('a profile picture uploaded in account settings shows in the header, also after a reload', async ({ page }) => {
  await logIn(page);
  await openBasicInfo(page);
  await expect(page.getByTestId('user-menu').locator('img')).toHaveCount(0);

  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: noisyPng() });
  await expectStoredPicture(page.getByTestId('profile-avatar'));
  await expectStoredPicture(page.getByTestId('user-menu'));

  await page.reload();
  await expectStoredPicture(page.getByTestId('user-menu'));
  await expectAccessible(page, 'account settings with a profile picture');
});

test('a picture that is too small is refused in the browser, naming the file', async ({ page }) => {
  await logIn(page);
  await openBasicInfo(page);
  await page.locator('input[type=file]').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: noisyPng(16) });
  await expect(page.getByText(`tiny.png: ${text('en', 'common', 'upload.too_small', { limit: '10 KB' })}`)).toBeVisible();
});

test('general info is checked, saved and shown again after a reload', async ({ page }) => {
  await logIn(page);
  await openBasicInfo(page);
  await page.getByLabel(t('basic.gender')).click();
  await page.getByTitle(t('genders.undisclosed')).click();
  await page.getByLabel(t('basic.birth_date')).fill('1990-02-28');
  await page.getByLabel(t('basic.birth_date')).press('Enter');
  const mobile = page.getByLabel(t('basic.mobile'));
  await mobile.fill('0151 2345');
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(text('en', 'common', 'validation.mobile'))).toBeVisible();
  await mobile.fill('+49 151 2345 6789');
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(text('en', 'common', 'validation.mobile'))).toBeHidden();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel(t('basic.mobile'))).toHaveValue('+4915123456789');
  await expect(page.getByLabel(t('basic.birth_date'))).toHaveValue('1990-02-28');
  await expect(page.getByTitle(t('genders.undisclosed'))).toBeVisible();
});
