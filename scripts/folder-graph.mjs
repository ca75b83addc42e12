#!/usr/bin/env node
// The import graph collapsed to folders (decision 034): which room imports which, printed, and a
// failure when folders import each other in a circle. File-level circles are dependency-cruiser's
// no-circular rule; this catches the ones between folders, which file-level rules cannot see
// (a.ts -> b/x.ts and b/y.ts -> a/z.ts is no file circle, but the two folders cannot be read apart).
// Usage: node scripts/folder-graph.mjs [--print]
import { execFileSync } from 'node:child_process';

/** Where a file belongs: the folder that is one room of the house. */
const ROOMS = [
  /^(apps\/web\/src\/features\/[^/]+)\//,
  /^(apps\/web\/src\/[^/]+)\//,
  /^(apps\/server\/src\/modules\/[^/]+)\//,
  /^(apps\/server\/src\/[^/]+)\//,
  /^(packages\/[^/]+)\//,
];

function roomOf(path) {
  for (const pattern of ROOMS) {
    const match = pattern.exec(path);
    if (match) return match[1];
  }
  return null;
}

const json = execFileSync(
  'npx',
  [
    'depcruise',
    'apps/web/src',
    'apps/server/src',
    'packages/shared/src',
    'packages/editor/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
  ],
  { encoding: 'utf8', maxBuffer: 200 * 1024 * 1024 },
);
const { modules } = JSON.parse(json);

/** room -> rooms it imports (type-only imports count: they tie the rooms' meaning together). */
const edges = new Map();
for (const module of modules) {
  const from = roomOf(module.source);
  if (!from || /\.test\.tsx?$/.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = roomOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components: any with more than one room is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(room) {
  state.set(room, { index, low: index, onStack: true });
  index += 1;
  stack.push(room);
  for (const next of edges.get(room) ?? []) {
    if (!state.has(next)) {
      visit(next);
      state.get(room).low = Math.min(state.get(room).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(room).low = Math.min(state.get(room).low, state.get(next).index);
    }
  }
  if (state.get(room).low === state.get(room).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== room);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const room of [...edges.keys()].sort()) if (!state.has(room)) visit(room);

if (process.argv.includes('--print')) {
  for (const [from, to] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${from}\n  -> ${[...to].sort().join('\n  -> ')}`);
  }
}
if (circles.length > 0) {
  console.error(`Folders that import each other in a circle (${circles.length}):`);
  for (const circle of circles) {
    const members = new Set(circle);
    console.error(`- ${circle.join(', ')}`);
    for (const from of circle) {
      const inside = [...(edges.get(from) ?? [])].filter((to) => members.has(to));
      console.error(`    ${from} -> ${inside.join(', ')}`);
    }
  }
  process.exit(1);
}
console.log(`folder graph: ${edges.size} folders, no circles`);
