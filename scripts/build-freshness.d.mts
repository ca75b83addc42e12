/** True when every build output exists and none is older than the newest source under `root`. */
export function buildIsCurrent(root: string): boolean;
