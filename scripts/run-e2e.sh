#!/usr/bin/env bash
# The end-to-end stage, after the build (`npm run test:e2e` builds; `npm test` builds once before the
# unit stage, whose dockerfile.test.ts uses the build too: decision 087): the independent specs on two
# workers, then the timed specs alone (playwright.config.ts, decision 075). Both always run, so one failure does not hide the other half;
# the exit status fails when either did.
set -u
status=0
npx playwright test --project=chromium --pass-with-no-tests "$@" || status=1
npx playwright test --project=chromium-timed --pass-with-no-tests "$@" || status=1
exit "$status"
