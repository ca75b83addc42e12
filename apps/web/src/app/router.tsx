import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './guard';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';
import { findRoute, ROUTES, type RouteId } from './route-table';

interface LazyPage {
  Component: ComponentType;
  /** Starts loading the page's code without rendering it. */
  preload: () => Promise<unknown>;
}

/** React.lazy for a module's named export, so each page is its own chunk. */
function lazyPage<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  return { Component: lazy(async () => ({ default: (await load())[name] as ComponentType })), preload: load };
}

const ProjectNotesPage = lazyPage(() => import('@/features/projects/ProjectNotesPage'), 'ProjectNotesPage');

const PAGES: Record<RouteId, LazyPage> = {
  capture: lazyPage(() => import('@/features/capture/CapturePage'), 'CapturePage'),
  projects: lazyPage(() => import('@/features/projects/ProjectsPage'), 'ProjectsPage'),
  notes: lazyPage(() => import('@/features/notes/NotesPage'), 'NotesPage'),
  pinnedNotes: lazyPage(() => import('@/features/pinned-notes/PinnedNotesPage'), 'PinnedNotesPage'),
  quickView: lazyPage(() => import('@/features/quick-view/QuickViewPage'), 'QuickViewPage'),
  sharedProjects: lazyPage(
    () => import('@/features/shared-projects/SharedProjectsPage'),
    'SharedProjectsPage',
  ),
  editor: lazyPage(() => import('@/features/editor/EditorPage'), 'EditorPage'),
  settings: lazyPage(() => import('@/features/settings/SettingsPage'), 'SettingsPage'),
  tutorial: lazyPage(() => import('@/features/tutorial/TutorialPage'), 'TutorialPage'),
  helpCenter: lazyPage(() => import('@/features/help-center/HelpCenterPage'), 'HelpCenterPage'),
  project: ProjectNotesPage,
  projectAlias: ProjectNotesPage,
  sharedProject: lazyPage(() => import('@/features/shared-projects/SharedProjectPage'), 'SharedProjectPage'),
  paymentSuccess: lazyPage(() => import('@/features/payment/PaymentSuccessPage'), 'PaymentSuccessPage'),
  paymentCancel: lazyPage(() => import('@/features/payment/PaymentCancelPage'), 'PaymentCancelPage'),
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
