#!/usr/bin/env node
// Dependency audit of the production dependencies (`npm audit --omit=dev`), with an answer CI can
// act on. npm exits 1 both when it finds vulnerabilities and when it cannot reach the audit
// endpoint (offline, or a registry mirror that does not implement it), so the JSON report decides:
//   exit 0: audited, nothing at or above the level
//   exit 1: audited, vulnerabilities at or above the level (listed)
//   exit 2: not audited: the endpoint could not be reached or refused (said so, with npm's reason)
// Usage: node .ci/audit.mjs [--audit-level=low|moderate|high|critical]   (default: high)
import { spawnSync } from 'node:child_process';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];
const levelArg = process.argv.find((arg) => arg.startsWith('--audit-level='));
const level = levelArg ? levelArg.split('=')[1] : 'high';
if (!SEVERITIES.includes(level)) {
  console.error(`audit: unknown --audit-level "${level}" (one of ${SEVERITIES.join(', ')})`);
  process.exit(2);
}
const rank = (severity) => SEVERITIES.indexOf(severity);

const npm = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const registry =
  spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout?.trim() || 'the registry';

let report;
try {
  report = JSON.parse(npm.stdout);
} catch {
  report = undefined;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts || typeof counts.total !== 'number') {
  const reason =
    report?.message ??
    (npm.error ? String(npm.error) : (npm.stderr || '').trim().split('\n').at(-1) || 'no report');
  console.log(
    `== npm audit: NOT DONE: could not reach the audit endpoint of ${registry} (${reason}). ` +
      'Production dependencies were NOT checked for known vulnerabilities.',
  );
  process.exit(2);
}

const summary = SEVERITIES.slice()
  .reverse()
  .map((severity) => `${severity} ${counts[severity] ?? 0}`)
  .join(', ');
const failing = Object.values(report.vulnerabilities ?? {}).filter(
  (vulnerability) => rank(vulnerability.severity) >= rank(level),
);
console.log(`== npm audit: ${counts.total} known vulnerabilities in production dependencies (${summary})`);
for (const vulnerability of failing) {
  const advisories = (vulnerability.via ?? [])
    .filter((via) => typeof via === 'object')
    .map((via) => `${via.title} ${via.url ?? ''}`.trim());
  const via = advisories.length > 0 ? advisories : (vulnerability.via ?? []).map((name) => `via ${name}`);
  const fix =
    vulnerability.fixAvailable === true
      ? 'fix: npm audit fix'
      : vulnerability.fixAvailable
        ? `fix: ${vulnerability.fixAvailable.name}@${vulnerability.fixAvailable.version}${vulnerability.fixAvailable.isSemVerMajor ? ' (major)' : ''}`
        : 'no fix available';
  console.log(`   ${vulnerability.severity.padEnd(8)} ${vulnerability.name} ${vulnerability.range} (${fix})`);
  for (const line of via) console.log(`            ${line}`);
}
if (failing.length > 0) {
  console.log(`== npm audit: FAILED: ${failing.length} production dependencies at "${level}" or above`);
  process.exit(1);
}
console.log(`== npm audit: passed (nothing at "${level}" or above)`);
