import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signUpFresh } from './support';

/** A real PNG made here: a 400 x 300 orange rectangle. */
const orangePng = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff8800' } })
    .png()
    .toBuffer();

test('Settings > Profile: upload a picture, see it in the header, remove it; URL errors', async ({
  page,
}) => {
  await signUpFresh(page, 'Pic Tester');
  await page.goto('/settings');
  await expect(page.getByText(/^Member since/)).toBeVisible();

  const settingsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' });
  // No picture yet: the initials stand in, and the menu shows its usual icon.
  await expect(page.getByText('PT', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(settingsLink.locator('img')).toHaveCount(0);

  const upload = page.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeDisabled();

  // A file the browser calls text is refused at once, with the text of docs/product.md §5.
  const fileInput = page.getByLabel('Picture file');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please select a valid image file.' }),
  ).toBeVisible();
  await expect(upload).toBeDisabled();

  // An SVG named .png passes the browser's check; the server reads the bytes and refuses it.
  await fileInput.setInputFiles({
    name: 'cat.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await upload.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please select a valid image file.' }),
  ).toBeVisible();

  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await orangePng() });
  await expect(page.getByText('me.png')).toBeVisible();
  await upload.click();
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Profile picture updated')).toBeVisible();

  // The header (desktop menu) shows the picture, served from our origin as WebP.
  const menuPicture = settingsLink.locator('img');
  await expect(menuPicture).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]+-[0-9a-f]{32}\.webp$/);
  const src = (await menuPicture.getAttribute('src')) as string;
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  await expect
    .poll(() => menuPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);

  // The mobile top bar's avatar too (390 px).
  await page.setViewportSize({ width: 390, height: 844 });
  const topBarAvatar = page.getByRole('button', { name: 'Open settings' }).locator('img');
  await expect(topBarAvatar).toHaveAttribute('src', src);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Image URL: Save is disabled while empty; http and inside addresses are refused with the text of docs/product.md §5.
  const urlField = page.getByLabel('Image URL');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await urlField.fill('http://example.com/cat.png');
  await save.click();
  await expect(page.getByText('Invalid image URL.')).toBeVisible();
  await urlField.fill('https://127.0.0.1/cat.png');
  await expect(page.getByText('Invalid image URL.')).toBeHidden();
  await save.click();
  await expect(page.getByText('Invalid image URL.')).toBeVisible();
  // The picture did not change.
  await expect(menuPicture).toHaveAttribute('src', src);

  // Remove: back to the initials everywhere, and the old address is gone.
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Profile picture removed')).toBeVisible();
  await expect(settingsLink.locator('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
  expect((await page.request.get(src)).status()).toBe(404);

  // A reload keeps it removed.
  await page.reload();
  await expect(page.getByText(/^Member since/)).toBeVisible();
  await expect(settingsLink.locator('img')).toHaveCount(0);
});
