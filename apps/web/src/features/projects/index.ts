// The public surface of the projects feature: reading projects. (Pages are loaded by the router; the
// mutations stay inside the feature.) Nothing exported here may import '@/features/notes'.
export { fetchProject, useProject } from './api/get-project';
export { fetchProjects, type ProjectListResponse, useProjects } from './api/get-projects';
export { type ProjectKind, projectKeys } from './api/query-keys';
