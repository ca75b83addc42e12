// The public surface of the projects feature: reading projects. (Pages are loaded by the router; the
// mutations stay inside the feature; cache keys are in '@/lib/query-keys'.) Nothing exported here may
// import '@/features/notes'.

export type { ProjectKind } from '@/lib/query-keys';
export { fetchProject, useProject } from './api/get-project';
export { fetchProjects, type ProjectListResponse, useProjects } from './api/get-projects';
