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

/** React.lazy for a module's named export, so each page is its own chunk; `prefetch` names its data loader. */
function lazyPage<M>(load: () => Promise<M>, name: keyof M, prefetch?: keyof M): LazyPage {
  return {
    Component: lazy(async () => ({ default: (await load())[name] as ComponentType })),
    preload: load,
    ...(prefetch ? { prefetch: async (client) => ((await load())[prefetch] as Prefetch)(client) } : {}),
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

export function createRouter(client: QueryClient) {
  // Fetch the first page's code while the session is being read, instead of after; and the session
  // before the first render, then the page's first data as soon as it names a user, instead of each
  // after the render the previous one caused (slow on a phone, decision 071).
  const first = findRoute(window.location.pathname);
  if (first) {
    const page = PAGES[first.id];
    void page.preload();
    const session = client.fetchQuery(meQueryOptions);
    const { prefetch } = page;
    if (prefetch) void session.then((me) => (me ? prefetch(client) : undefined)).catch(() => undefined);
    else void session.catch(() => undefined);
  }
  return createBrowserRouter(routes);
}
