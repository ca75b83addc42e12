import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { meQueryOptions } from '@/features/auth';
import { findRoute, ROUTES, type RouteId } from '@/lib/route-table';
import { EditorRoute, loadEditorRoute } from './editor-route';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

interface LazyPage {
  Component: ComponentType;
  /** Starts loading the page's code without rendering it. */
  preload: () => Promise<unknown>;
  /** Starts loading what the page shows first (signed in), with its code. */
  prefetch?: Prefetch;
}

type Prefetch = (client: QueryClient) => Promise<void>;

/**
 * A thenable that calls back at once. React.lazy given one renders the module in the same render:
 * a page whose code is already loaded (asked for before the first render) shows without a Suspense
 * fallback, whose reveal React holds back at least 300 ms (decision 089).
 */
function alreadyLoaded<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes.
  const thenable = { then: (onLoaded: (loaded: T) => unknown) => void onLoaded(value) };
  return thenable as unknown as Promise<T>;
}

/** React.lazy for a module's named export, so each page is its own chunk; `prefetch` names its data loader. */
function lazyPage<M>(load: () => Promise<M>, name: keyof M, prefetch?: keyof M): LazyPage {
  let loaded: M | undefined;
  const keep = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const exported = (module: M) => ({ default: module[name] as ComponentType });
  return {
    Component: lazy(() => (loaded ? alreadyLoaded(exported(loaded)) : keep().then(exported))),
    preload: keep,
    ...(prefetch ? { prefetch: async (client) => ((await keep())[prefetch] as Prefetch)(client) } : {}),
  };
}

const HelpCenterPage = lazyPage(() => import('@/features/help-center/help-center-page'), 'HelpCenterPage');
const ProjectNotesPage = lazyPage(() => import('@/features/projects/project-notes-page'), 'ProjectNotesPage');

const PAGES: Record<RouteId, LazyPage> = {
  capture: lazyPage(() => import('@/features/capture/capture-page'), 'CapturePage'),
  projects: lazyPage(() => import('@/features/projects/projects-page'), 'ProjectsPage'),
  notes: lazyPage(() => import('@/features/notes/notes-page'), 'NotesPage', 'prefetchNotesPage'),
  search: lazyPage(() => import('@/features/notes/search-page'), 'SearchPage'),
  pinnedNotes: lazyPage(() => import('@/features/pinned-notes/pinned-notes-page'), 'PinnedNotesPage'),
  quickView: lazyPage(() => import('@/features/quick-view/quick-view-page'), 'QuickViewPage'),
  sharedProjects: lazyPage(
    () => import('@/features/projects/shared/shared-projects-page'),
    'SharedProjectsPage',
  ),
  trash: lazyPage(() => import('@/features/trash/trash-page'), 'TrashPage'),
  editor: { Component: EditorRoute, preload: loadEditorRoute },
  settings: lazyPage(() => import('@/features/settings/settings-page'), 'SettingsPage'),
  tutorial: lazyPage(() => import('@/features/tutorial/tutorial-page'), 'TutorialPage'),
  helpCenter: HelpCenterPage,
  helpArticle: HelpCenterPage,
  help: HelpCenterPage,
  helpAlias: HelpCenterPage,
  project: ProjectNotesPage,
  projectAlias: ProjectNotesPage,
  sharedProject: lazyPage(
    () => import('@/features/projects/shared/shared-project-page'),
    'SharedProjectPage',
  ),
  paymentSuccess: lazyPage(() => import('@/features/payment/payment-success-page'), 'PaymentSuccessPage'),
  paymentCancel: lazyPage(() => import('@/features/payment/payment-cancel-page'), 'PaymentCancelPage'),
  resetPassword: lazyPage(() => import('@/features/auth/reset-password-page'), 'ResetPasswordPage'),
};

function toRoute(route: (typeof ROUTES)[number]): RouteObject {
  const { Component } = PAGES[route.id];
  return { id: route.id, path: route.path, element: <Component /> };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      ...ROUTES.filter((route) => !route.guarded).map(toRoute),
      { element: <RequireAuth />, children: ROUTES.filter((route) => route.guarded).map(toRoute) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts what the first page needs before React renders (decision 071): its code, the session and,
 * once the session names a user, the page's first data (`prefetch`). Resolves when all of them have
 * settled, failed or not; main.tsx waits for it (bounded) so the first render is the page itself.
 */
export function startFirstPage(client: QueryClient, pathname = window.location.pathname): Promise<unknown> {
  const first = findRoute(pathname);
  if (!first) return Promise.resolve();
  const page = PAGES[first.id];
  const code = page.preload();
  const session = client.fetchQuery(meQueryOptions);
  const { prefetch } = page;
  const data = prefetch ? session.then((me) => (me ? prefetch(client) : undefined)) : session;
  return Promise.allSettled([code, data]);
}

export function createRouter() {
  return createBrowserRouter(routes);
}
