/**
 * The main thread's CPU per request of the capacity bench's steady state, in one process (app.inject,
 * no sockets), so two commits compare on a machine others share (decision 084):
 *
 *   git archive <commit> apps/server packages | tar -x -C /tmp/a   (node_modules linked in), then
 *   npx tsx bench/capacity/steady-mix.ts <label>   in each tree, both at the same time.
 *
 * 100 people signed in; each round every person autosaves their note, every fourth also opens a
 * note and every fourth a list (three autosaves to one read, as at 400 people). Rounds are 5.2 s
 * apart, so every session is past the session cache's 5 s, as people acting every 3-10 s are.
 * Prints the CPU of this thread per request over six rounds after a first one.
 */
import { request, startTestApp } from '../../test/helpers';
import { PASSWORD, seedUsers } from './seed-users';

const PEOPLE = 100;
const ROUNDS = 7;
// Node 24 has it; the @types/node in use does not declare it yet.
const threadCpuUs = () => {
  const usage = (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();
  return usage.user + usage.system;
};

const t = await startTestApp('sqlite', { DEMO_ACCOUNT: 'false', AUTH_RATE_LIMIT: '100000' });
const { users } = await seedUsers(t.database, PEOPLE, 30);
const people = [];
for (const user of users) {
  const body = { email: user.email, password: PASSWORD };
  const signedIn = await request(t.app, 'POST', '/api/auth/sign-in/email', { body });
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
  const noteId = user.noteIds[0] as string;
  const note = (await request(t.app, 'GET', `/api/notes/${noteId}`, { cookie })).json();
  people.push({ user, cookie, noteId, content: note.content as string, version: note.version as number });
}

let cpuUs = 0;
let requests = 0;
for (let round = 0; round < ROUNDS; round++) {
  await new Promise((resolve) => setTimeout(resolve, 5200));
  const before = threadCpuUs();
  let count = 0;
  for (const [i, person] of people.entries()) {
    const body = { content: `${person.content} r${round}x`, version: person.version };
    const saved = await request(t.app, 'PATCH', `/api/notes/${person.noteId}`, {
      cookie: person.cookie,
      body,
    });
    if (saved.statusCode !== 200) throw new Error(`autosave answered ${saved.statusCode}: ${saved.body}`);
    ({ content: person.content, version: person.version } = saved.json());
    count++;
    const { user, cookie } = person;
    if (i % 4 === 0) await request(t.app, 'GET', `/api/notes/${user.noteIds[1]}`, { cookie });
    if (i % 4 === 1) await request(t.app, 'GET', `/api/notes?projectId=${user.projectId}`, { cookie });
    if (i % 4 < 2) count++;
  }
  if (round > 0) {
    cpuUs += threadCpuUs() - before;
    requests += count;
  }
}
console.log(
  JSON.stringify({
    label: process.argv[2] ?? '',
    requests,
    cpuMsPerRequest: Math.round(cpuUs / requests) / 1000,
  }),
);
await t.close();
process.exit(0);
