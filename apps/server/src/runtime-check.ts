/**
 * Imported first by the entry points, before anything loads a native module: on an older Node the
 * SQLite driver (an N-API build for Node 22+) would crash the process instead of saying why.
 */
const MINIMUM_MAJOR = 22;
const major = Number(process.versions.node.split('.')[0]);
if (major < MINIMUM_MAJOR) {
  console.error(
    `Notewise needs Node.js 22.12 or newer (24 recommended); this is ${process.version}. See the README, "Set up".`,
  );
  process.exit(1);
}
