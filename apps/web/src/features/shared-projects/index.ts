// The public surface of the shared-projects feature: reading shared projects and their cache keys
// (data only, so the live-events client and Quick View can use it without the pages' widgets).
export { fetchMembers, type MemberListResponse, useMembers } from './api/get-members';
export { fetchSharedProject, useSharedProject } from './api/get-shared-project';
export {
  fetchSharedProjects,
  type SharedProjectListResponse,
  useSharedProjects,
} from './api/get-shared-projects';
// Every key under sharedProjectKeys.all (['shared-projects']) is refreshed by live events.
export { sharedProjectKeys } from './api/query-keys';
