// The GET paths All Notes reads first: those of fetchNotes({}), fetchNoteCounts(undefined) and
// fetchProjects('all'), exactly as they ask for them. app/early-requests.ts sends them before React
// renders (decision 079); app/early-requests.test.tsx checks that they still match. Imports nothing.
export const NOTES_PAGE_PATHS = [
  '/api/notes',
  '/api/notes/counts',
  '/api/projects?kind=all&limit=200',
] as const;
