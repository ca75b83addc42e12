// Imported first by main.tsx: the session and, on All Notes, the list's first page, its counters and
// the projects (for the cards' names) are requested while the rest of the app's code is evaluated and
// rendered, not one after the other once it has (decision 079). On a phone at 4x CPU that evaluation
// and the first render take longer than the requests. A signed-out visitor's 401 on the session is
// its answer (used once); on other paths it is dropped unread.
// All Notes' code is requested here too, not once React renders the router (router.tsx asks again: the
// same module, loaded once).
// When the server sent All Notes already rendered (decision 097), its reads are in the page: they
// answer the same requests, which are then not sent.
import { seedEarlyResponses, startEarlyRequests } from '@/lib/early-requests';
import { earlyPaths, embeddedAnswers, isNotesPage, SESSION_PATHS } from './early-paths';

const embedded = embeddedAnswers(document);
if (embedded) seedEarlyResponses(embedded);
else startEarlyRequests(earlyPaths(window.location.pathname), { signedOutAnswers: SESSION_PATHS });
if (isNotesPage(window.location.pathname)) void import('@/features/notes/notes-page').catch(() => undefined);
