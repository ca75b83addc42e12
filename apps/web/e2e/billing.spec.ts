import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import Stripe from 'stripe';
import { type StripeStandIn, startStripeStandIn } from '../../server/test/support/stripe-stand-in';
import { type OwnServer, startOwnServer } from './own-server';
import { uniqueEmail } from './support';

// The Plan tab and a purchase through Stripe Checkout. A server of its own, with STRIPE_*
// pointing at a local stand-in for Stripe's API (the shared e2e server has payments off).
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SECRET_KEY = 'sk_test_notewise_e2e';
const WEBHOOK_SECRET = 'whsec_notewise_e2e';
const PASSWORD = 'correct-horse-9';
const run = promisify(execFile);

test.describe('plans and purchase', () => {
  let server: OwnServer | undefined;
  let standIn: StripeStandIn;
  let dataDir = '';
  let base = '';

  test.beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    server = await startOwnServer('billing', {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    });
    base = server.base;
    dataDir = server.dataDir;
  });

  test.afterAll(async () => {
    server?.stop();
    await standIn?.close();
  });

  /** Signs a fresh user up on this spec's server; the session cookie lands in the page's context. */
  async function signUp(page: Page, name: string) {
    const email = uniqueEmail('billing');
    await page.goto(`${base}/help-center`);
    const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
      data: { name, email, password: PASSWORD },
      headers: { origin: base },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return email;
  }

  /** The admin CLI on this spec's database, as a self-hoster runs it. */
  function admin(...args: string[]) {
    return run('node', ['apps/server/dist/cli.js', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
  }

  test('a trial user sees the days left on a 31-day bar, the upgrade section and the six features', async ({
    page,
  }) => {
    await signUp(page, 'Tina Trial');
    await page.goto(`${base}/settings?tab=plan`);
    const status = page.getByRole('region', { name: 'Subscription status' });
    await expect(status.getByText('Status: Trial')).toBeVisible();
    await expect(status.getByText('31 days remaining')).toBeVisible();
    const bar = page.getByRole('progressbar', { name: 'Trial days remaining' });
    await expect(bar).toHaveAttribute('aria-valuemax', '31');
    await expect(bar).toHaveAttribute('aria-valuenow', '31');
    const upgrade = page.getByRole('region', { name: 'Upgrade to UNLIMITED Plan' });
    await expect(upgrade.getByText('Most Popular')).toBeVisible();
    await expect(upgrade.getByText('49.99 USD')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PRO Plan' })).toBeVisible();
    await expect(page.getByRole('list', { name: "Your plan's features" }).getByRole('listitem')).toHaveCount(
      6,
    );
  });

  test('a FREE user (set with the admin CLI) buys: checkout goes to Stripe, the webhook grants UNLIMITED', async ({
    page,
  }) => {
    const email = await signUp(page, 'Fred Free');
    const { stdout } = await admin('plan', email, 'FREE');
    expect(stdout).toContain(`${email} is now on FREE.`);
    await page.goto(`${base}/settings?tab=plan`);
    await expect(page.getByText('Limited access')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Subscription status' }).getByText('Status: Free'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Purchase UNLIMITED Plan' }).click();
    await page.waitForURL(`${standIn.url}/c/pay/**`);
    await expect(page.getByRole('heading', { name: 'Pay Notewise' })).toBeVisible();
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const session = standIn.sessions.get(sessionId);
    expect(session?.success_url).toBe(`${base}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session?.cancel_url).toBe(`${base}/cancel`);

    // Stripe takes the payment, then sends the browser back and the signed event to the server.
    const paid = standIn.pay(sessionId);
    await page.goto(`${base}/success?session_id=${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'UNLIMITED Plan' })).toBeVisible();
    await expect(page.getByText('49.99 USD')).toBeVisible();
    await expect(page.getByText(sessionId)).toBeVisible();
    const payload = JSON.stringify({
      id: `evt_e2e_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: paid },
    });
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const delivered = await fetch(`${base}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    await expect(page.getByText('Activating your plan...')).toHaveCount(0, { timeout: 10_000 });

    await page.getByRole('link', { name: 'View Plan in Settings' }).click();
    const status = page.getByRole('region', { name: 'Subscription status' });
    await expect(status.getByText('Status: Active')).toBeVisible();
    await expect(status.getByText('One-time purchase, never renews')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Purchase UNLIMITED Plan' })).toHaveCount(0);
  });

  test('/cancel says nothing was charged; /success with a made-up session finds no payment', async ({
    page,
  }) => {
    await signUp(page, 'Carl Cancel');
    await page.goto(`${base}/cancel`);
    await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible();
    await expect(
      page.getByText('Your payment was canceled. No charges were made to your account.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/settings?tab=plan');
    await expect(page.getByRole('link', { name: 'Back to App' })).toHaveAttribute('href', '/');

    await page.goto(`${base}/success?session_id=cs_test_madeUpByAVisitor`);
    await expect(page.getByRole('heading', { name: 'No payment found' })).toBeVisible();
    await expect(page.getByText('No payment was found for this session.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
    const me = await page.request.get(`${base}/api/me`);
    expect((await me.json()).plan).toBe('PRO');
  });

  test('a trial that ends while the app is open: the 403 offers Upgrade to PRO, which opens the Plan tab', async ({
    page,
  }) => {
    const email = await signUp(page, 'Olga Open');
    await page.goto(`${base}/projects`);
    const newProject = page.getByRole('button', { name: 'New Project' }).first();
    await expect(newProject).toBeEnabled();
    await admin('plan', email, 'FREE');
    // The server's session cache keeps a resolved session for 5 seconds.
    await page.waitForTimeout(5_500);
    await newProject.click();
    const dialog = page.getByRole('dialog', { name: 'New Project' });
    await dialog.getByLabel('Name').fill('After the trial');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    const upgrade = page.getByRole('button', { name: 'Upgrade to PRO' });
    await expect(upgrade).toBeVisible();
    await expect(upgrade).toHaveCount(1);
    await upgrade.click();
    await expect(page).toHaveURL(`${base}/settings?tab=plan`);
    await expect(
      page.getByRole('region', { name: 'Subscription status' }).getByText('Status: Free'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Purchase UNLIMITED Plan' })).toBeEnabled();
  });

  test('opening settings with an expired PRO plan runs the expiry routine and reloads once', async ({
    page,
  }) => {
    await signUp(page, 'Edna Expired');
    // The profile the app holds says PRO with an expiry in the past (the trial ended while it was open).
    let stale = true;
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      if (!stale) return route.fulfill({ response });
      stale = false;
      const me = await response.json();
      await route.fulfill({
        response,
        json: {
          ...me,
          plan: 'PRO',
          planExpiresAt: new Date(Date.now() - 60_000).toISOString(),
          trialActive: false,
          access: false,
        },
      });
    });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`${base}/settings?tab=plan`);
    await expect.poll(() => loads).toBe(2);
    // After the reload the server's answer is shown (here the real trial of a new account), and it
    // does not reload again.
    await expect(
      page.getByRole('region', { name: 'Subscription status' }).getByText('Status: Trial'),
    ).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(loads).toBe(2);
  });
});
