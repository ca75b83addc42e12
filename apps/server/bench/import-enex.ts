/**
 * `cd apps/server && npx tsx bench/import-enex.ts`: importing a 5 MB Evernote export of 500 notes
 * through the importer (`createImporter().plan`: the import worker reads the XML, then converts each
 * note in a job of its own: ENML -> editor document -> stored Markdown, sanitizer), for two shapes of
 * file: text-heavy (10 KB of formatted ENML a note, the worst case for the converters) and
 * resource-heavy (2 KB of ENML and a 6.4 KB attachment a note, as most exports are). Reports the
 * total time, the wait for the first note (the job reading the XML, plus one conversion), the longest
 * wait between two notes after it (about the longest single conversion job; the worker's 30 s limit
 * applies to each job) and the machine's load average. Not part of npm test.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { createImporter } from '../src/modules/export-import/importer';

const LINE =
  '<div>Some words of a long note, <b>bold</b> and <a href="https://example.com">a link</a>.</div>';

function textHeavy(): string {
  const body = `<en-note><h2>Heading</h2>${LINE.repeat(105)}<ul><li>one</li><li>two</li></ul></en-note>`;
  const note = (i: number) =>
    `<note><title>Note ${i}</title><content><![CDATA[${body}]]></content><created>20230101T000000Z</created><tag>bulk</tag></note>`;
  return `<?xml version="1.0"?><en-export>${Array.from({ length: 500 }, (_, i) => note(i)).join('\n')}</en-export>`;
}

function resourceHeavy(): string {
  const pdf = Buffer.alloc(6400, 7);
  const hash = crypto.createHash('md5').update(pdf).digest('hex');
  const data = pdf.toString('base64').replace(/.{76}/g, '$&\n');
  const body = `<en-note><h2>Heading</h2>${LINE.repeat(12)}<div><en-media hash="${hash}" type="application/pdf"/></div></en-note>`;
  const note = (i: number) =>
    `<note><title>Note ${i}</title><content><![CDATA[${body}]]></content><tag>bulk</tag><resource><data encoding="base64">${data}</data><mime>application/pdf</mime><resource-attributes><file-name>scan-${i}.pdf</file-name></resource-attributes></resource></note>`;
  return `<?xml version="1.0"?><en-export>${Array.from({ length: 500 }, (_, i) => note(i)).join('\n')}</en-export>`;
}

const importer = createImporter();
// The worker thread starts (and under tsx compiles its TypeScript) on the first job: not measured.
await importer.plan('bench', 'warm.md', new TextEncoder().encode('# Warm'));
for (const [name, make] of [
  ['text-heavy', textHeavy],
  ['resource-heavy', resourceHeavy],
] as const) {
  const bytes = new TextEncoder().encode(make());
  const load = os.loadavg()[0]!.toFixed(1);
  const started = performance.now();
  let last = started;
  // The first wait holds the draft job (reading the whole XML) and the first note's conversion.
  let first: number | null = null;
  let longest = 0;
  let plan: Awaited<ReturnType<typeof importer.plan>>;
  try {
    plan = await importer.plan('bench', `${name}.enex`, bytes, {
      onProgress: () => {
        const now = performance.now();
        if (first === null) first = now - last;
        else longest = Math.max(longest, now - last);
        last = now;
      },
    });
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    console.log(`${name}: refused after ${ms} ms (${(error as Error).message}); load average ${load}`);
    continue;
  }
  const ms = Math.round(performance.now() - started);
  const notes = plan.notes.length;
  console.log(
    `${name}: ${(bytes.length / 1e6).toFixed(1)} MB, ${notes} notes in ${ms} ms (${(ms / notes).toFixed(1)} ms a note, reading the XML and the first note ${Math.round(first ?? 0)} ms, longest wait between two notes after it ${Math.round(longest)} ms; load average ${load} on ${os.cpus().length} cores)`,
  );
}
await importer.close();
