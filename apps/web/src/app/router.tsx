import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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
}

/** React.lazy for a module's named export, so each page is its own chunk. */
function lazyPage<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  return { Component: lazy(async () => ({ default: (await load())[name] as ComponentType })), preload: load };
}

const HelpCenterPage = lazyPage(() => import('@/features/help-center/help-center-page'), 'HelpCenterPage');
const ProjectNotesPage = lazyPage(() => import('@/features/projects/project-notes-page'), 'ProjectNotesPage');

const PAGES: Record<RouteId, LazyPage> = {
  capture: lazyPage(() => import('@/features/capture/capture-page'), 'CapturePage'),
  projects: lazyPage(() => import('@/features/projects/projects-page'), 'ProjectsPage'),
  notes: lazyPage(() => import('@/features/notes/notes-page'), 'NotesPage'),
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

export function createRouter() {
  // Fetch the first page's code while the session is being read, instead of after.
  const first = findRoute(window.location.pathname);
  if (first) void PAGES[first.id].preload();
  return createBrowserRouter(routes);
}
