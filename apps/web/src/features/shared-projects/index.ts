// The public surface of the shared-projects feature: reading shared projects (data only, so Quick View
// can use it without the pages' widgets). The cache keys are in '@/lib/query-keys'.
export { fetchMembers, type MemberListResponse, useMembers } from './api/get-members';
export { fetchSharedProject, useSharedProject } from './api/get-shared-project';
export {
  fetchSharedProjects,
  type SharedProjectListResponse,
  useSharedProjects,
} from './api/get-shared-projects';
