// Imported first by main.tsx: the session and, on All Notes, the list's first page, its counters and
// the projects (for the cards' names) are requested while the rest of the app's code is evaluated and
// rendered, not one after the other once it has (decision 079). On a phone at 4x CPU that evaluation
// and the first render take longer than the requests. A signed-out visitor's 401 on the session is
// its answer (used once); on other paths it is dropped unread.
// All Notes' code is requested here too, not once React renders the router (router.tsx asks again: the
// same module, loaded once).
import { startEarlyRequests } from '@/lib/early-requests';
import { earlyPaths, isNotesPage, SESSION_PATHS } from './early-paths';

startEarlyRequests(earlyPaths(window.location.pathname), { signedOutAnswers: SESSION_PATHS });
if (isNotesPage(window.location.pathname)) void import('@/features/notes/notes-page').catch(() => undefined);
