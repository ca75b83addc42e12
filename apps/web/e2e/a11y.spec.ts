import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiPost, createNote, createProject, signUpViaApi } from './support';

// Axe finds no serious or critical violation on the main screens, in the light and dark
// themes, on a desktop and at 390 px. Rows are selected or hovered where the app shows them so, since
// that is where the timestamps lost contrast.

interface Setup {
  projectId: string;
  noteId: string;
}

/** A signed-in user with a project, two notes and a shared project (lists are not empty). */
async function setUp(page: Page): Promise<Setup> {
  await page.goto('/help-center');
  await signUpViaApi(page, 'Axe Reader');
  const project = await createProject(page, 'Course notes', { description: 'Lectures and reading' });
  const note = await createNote(page, project.id, 'Week one', 'Intro to **logic**.\n\n- [ ] read chapter 1');
  await createNote(page, project.id, 'Week two', 'Sets and relations.');
  await apiPost(page, '/api/shared-projects', { name: 'Study group' });
  return { projectId: project.id, noteId: note.id };
}

/** Moderate in axe, but named in the issue: kept at zero too. */
const ALSO_REQUIRED = ['heading-order', 'page-has-heading-one', 'label-content-name-mismatch'];

async function expectNoSeriousViolations(page: Page, screen: string) {
  // Let the page transition and skeletons finish.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const results = await new AxeBuilder({ page })
    // Experimental in axe (off by default): a visible label that is not part of the accessible name.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        ALSO_REQUIRED.includes(violation.id),
    )
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.html.slice(0, 200)}: ${node.failureSummary ?? ''}`),
    }));
  expect.soft(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

interface Screen {
  name: string;
  open(page: Page, setup: Setup): Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'Capture',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('textbox', { name: 'Note text' })).toBeVisible();
    },
  },
  {
    name: 'Projects',
    open: async (page) => {
      await page.goto('/projects');
      await expect(page.getByText('Course notes').first()).toBeVisible();
      await page.getByText('Course notes').first().hover();
    },
  },
  {
    name: 'Projects, New Project dialog open',
    open: async (page) => {
      await page.goto('/projects');
      await page.getByRole('button', { name: 'New Project' }).first().click();
      await expect(page.getByRole('dialog', { name: 'New Project' })).toBeVisible();
    },
  },
  {
    name: 'Projects, Import dialog open',
    open: async (page) => {
      await page.goto('/projects');
      await page.getByRole('button', { name: 'Import' }).click();
      await expect(page.getByRole('dialog', { name: 'Import notes' }).getByLabel('Project')).toBeEnabled();
    },
  },
  {
    name: 'All Notes',
    open: async (page) => {
      await page.goto('/notes');
      await expect(page.getByText('Week one').first()).toBeVisible();
      await page.getByText('Week one').first().hover();
    },
  },
  {
    name: 'Quick View',
    open: async (page, { projectId, noteId }) => {
      await page.goto(`/quick-view?project=${projectId}&note=${noteId}`);
      await expect(page.getByRole('textbox', { name: 'Note content' })).toContainText('Intro to');
      // The other row hovered (with a pointer), the note's row selected.
      if ((page.viewportSize()?.width ?? 0) >= 768) await page.getByText('Week two').first().hover();
    },
  },
  {
    name: 'Settings',
    open: async (page) => {
      await page.goto('/settings');
      await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    },
  },
  {
    name: 'Shared Projects',
    open: async (page) => {
      await page.goto('/shared-projects');
      await expect(page.getByText('Study group').first()).toBeVisible();
      await page.getByText('Study group').first().hover();
    },
  },
  {
    name: '/editor',
    open: async (page) => {
      await page.goto('/editor');
      await expect(page.getByRole('textbox', { name: 'Note content' })).toBeVisible();
    },
  },
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const size of ['desktop', '390 px'] as const) {
    test.describe(`${colorScheme}, ${size}`, () => {
      test.use({
        colorScheme,
        ...(size === '390 px' ? { viewport: { width: 390, height: 844 }, hasTouch: true } : {}),
      });

      test('no serious or critical axe violation on the main screens', async ({ page }) => {
        test.setTimeout(120_000);
        const setup = await setUp(page);
        for (const screen of SCREENS) {
          await test.step(screen.name, async () => {
            await screen.open(page, setup);
            await expectNoSeriousViolations(page, `${screen.name} (${colorScheme}, ${size})`);
          });
        }
      });
    });
  }
}
