// What the A/B bench scripts (web-work, interaction-work, scroll-frames) share: the builds under
// test and the bench account from the environment, and a signed-in session per build.

/** BENCH_WORK_TARGETS (name=url pairs), BENCH_EMAIL and BENCH_PASSWORD; exits 2 when one is missing. */
export function readWorkTargets() {
  const targets = (process.env.BENCH_WORK_TARGETS ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), url: pair.slice(at + 1).replace(/\/+$/, '') };
    });
  const email = process.env.BENCH_EMAIL ?? '';
  const password = process.env.BENCH_PASSWORD ?? '';
  if (targets.length === 0 || !email || !password) {
    console.error('Set BENCH_WORK_TARGETS, BENCH_EMAIL and BENCH_PASSWORD (see the header).');
    process.exit(2);
  }
  return { targets, email, password };
}

/** Signs the account in at `url` through the API; the session as Playwright's storage state. */
export async function signIn(browser, contextOptions, url, { email, password }) {
  const context = await browser.newContext({ ...contextOptions, baseURL: url });
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: url },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}
