import { PRODUCT_NAME } from '@notewise/shared';
import { matchPath } from 'react-router';

/** Every page of the app (docs/product.md §2, route table). Components are attached in router.tsx. */
export const ROUTES = [
  { id: 'capture', path: '/', title: 'Capture', guarded: false },
  { id: 'projects', path: '/projects', title: 'Projects', guarded: true },
  { id: 'notes', path: '/notes', title: 'All Notes', guarded: true },
  { id: 'search', path: '/search', title: 'Search', guarded: true },
  { id: 'pinnedNotes', path: '/pinned-notes', title: 'Pinned Notes', guarded: true },
  { id: 'quickView', path: '/quick-view', title: 'Quick View', guarded: true },
  { id: 'sharedProjects', path: '/shared-projects', title: 'Shared Projects', guarded: true },
  { id: 'trash', path: '/trash', title: 'Trash', guarded: true },
  { id: 'editor', path: '/editor', title: 'Editor', guarded: false },
  { id: 'settings', path: '/settings', title: 'Settings', guarded: true },
  { id: 'tutorial', path: '/tutorial', title: 'Tutorial', guarded: true },
  { id: 'helpCenter', path: '/help-center', title: 'Help Center', guarded: false },
  { id: 'helpArticle', path: '/help-center/:slug', title: 'Help Center', guarded: false },
  // Short aliases of the two above (decision 019).
  { id: 'help', path: '/help', title: 'Help Center', guarded: false },
  { id: 'helpAlias', path: '/help/:slug', title: 'Help Center', guarded: false },
  { id: 'project', path: '/project/:id', title: 'Project Notes', guarded: true },
  { id: 'projectAlias', path: '/projects/:projectId', title: 'Project Notes', guarded: true },
  { id: 'sharedProject', path: '/shared-project/:sharedProjectId', title: 'Shared Project', guarded: true },
  { id: 'paymentSuccess', path: '/success', title: 'Payment Successful', guarded: false },
  { id: 'paymentCancel', path: '/cancel', title: 'Payment Canceled', guarded: false },
  { id: 'resetPassword', path: '/reset-password', title: 'Reset Password', guarded: false },
] as const satisfies ReadonlyArray<{ id: string; path: string; title: string; guarded: boolean }>;

export type RouteId = (typeof ROUTES)[number]['id'];
export type RouteMeta = (typeof ROUTES)[number];

/** The route a pathname belongs to; undefined for unknown paths (the not-found page). */
export function findRoute(pathname: string): RouteMeta | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** The page title shown in the mobile bar; the product name for unknown paths. */
export function getPageTitle(pathname: string): string {
  return findRoute(pathname)?.title ?? PRODUCT_NAME;
}

/** Pages whose own heading already says their title (PageHeader): the mobile bar shows the product. */
const TITLED_IN_PAGE = new Set<RouteId>([
  'projects',
  'notes',
  'search',
  'pinnedNotes',
  'sharedProjects',
  'trash',
  'settings',
  'tutorial',
  'helpCenter',
  'paymentSuccess',
  'paymentCancel',
]);

/** The mobile top bar's text: the page title, unless the page's own heading repeats it right below. */
export function getMobileBarTitle(pathname: string): string {
  const route = findRoute(pathname);
  return route && !TITLED_IN_PAGE.has(route.id) ? route.title : PRODUCT_NAME;
}

/** document.title for a pathname: "Projects · Notewise", or just "Notewise" for unknown paths. */
export function getDocumentTitle(pathname: string): string {
  const route = findRoute(pathname);
  return route ? `${route.title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

const segment = encodeURIComponent;

/**
 * A query value as URLSearchParams writes it (application/x-www-form-urlencoded: a space as '+', and
 * `!'()~` escaped too), without making one: every card of a list builds its link while scrolling, and
 * URLSearchParams is the slow part of that on a phone (decision 089).
 */
function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Links to pages, so features never spell paths by hand. */
export const paths = {
  capture: '/',
  /** Capture with the composer's project preselected (New Note on a project page files the note there). */
  captureIn: (projectId: string) => `/?project=${segment(projectId)}`,
  projects: '/projects',
  notes: '/notes',
  /** The search page (every match, paged); `q` prefilled. */
  search: (q?: string) => (q ? `/search?${new URLSearchParams({ q })}` : '/search'),
  pinnedNotes: '/pinned-notes',
  quickView: (params: { project?: string; sharedProject?: string; note?: string } = {}) => {
    const search = Object.entries(params)
      .filter(([, value]) => value)
      .map(([key, value]) => `${formEncode(key)}=${formEncode(value ?? '')}`)
      .join('&');
    return search ? `/quick-view?${search}` : '/quick-view';
  },
  sharedProjects: '/shared-projects',
  trash: '/trash',
  editor: '/editor',
  settings: '/settings',
  tutorial: '/tutorial',
  helpCenter: '/help-center',
  helpArticle: (slug: string) => `/help-center/${segment(slug)}`,
  project: (id: string, highlightNote?: string) =>
    `/project/${segment(id)}${highlightNote ? `?highlightNote=${segment(highlightNote)}` : ''}`,
  sharedProject: (sharedProjectId: string) => `/shared-project/${segment(sharedProjectId)}`,
  paymentSuccess: '/success',
  paymentCancel: '/cancel',
  resetPassword: '/reset-password',
} as const;
