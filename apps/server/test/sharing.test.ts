import { ERROR_CODES, JOIN_MESSAGES, PERMISSION_MESSAGES } from '@notewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_LIMITS, JOIN_RULES } from '../src/modules/projects/sharing/join-guard';
import { dialects, request, setPlan, signUp, startTestApp, type TestApp } from './helpers';

describe.each(dialects)('shared projects on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.testDb.destroy();
  });

  let ipCounter = 0;
  /** Each account gets its own address so per-IP limits only matter where a test wants them. */
  async function account(name = 'Member') {
    ipCounter += 1;
    const ip = `10.20.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
    const a = await signUp(t.app, { name });
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      request(t.app, method, url, { cookie: a.cookie, ip, ...(body !== undefined ? { body } : {}) });
    return { ...a, ip, call };
  }

  async function sharedProject(name = 'Team') {
    const owner = await account('Owner');
    const created = await owner.call('POST', '/api/shared-projects', { name, color: 'green' });
    expect(created.statusCode).toBe(201);
    return { owner, project: created.json() };
  }

  it('creates a shared project with a fresh 6-digit code', async () => {
    const { project } = await sharedProject();
    expect(project).toMatchObject({
      name: 'Team',
      color: 'green',
      role: 'owner',
      itemCount: 0,
      memberCount: 1,
    });
    expect(project.code).toMatch(/^\d{6}$/);
    const other = await sharedProject();
    expect(other.project.code).not.toBe(project.code);
  });

  it('answers every join error of docs/product.md §8 with its text', async () => {
    const { owner, project } = await sharedProject('Research');
    const joiner = await account('Joiner');

    const notFound = await joiner.call('POST', '/api/shared-projects/join', {
      code: project.code === '000000' ? '000001' : '000000',
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.message).toMatch(
      /^Project with code "\d{6}" not found\. Please check the code and try again\.$/,
    );

    const own = await owner.call('POST', '/api/shared-projects/join', { code: project.code });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(JOIN_MESSAGES.ownProject);

    const joined = await joiner.call('POST', '/api/shared-projects/join', { code: project.code });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      id: project.id,
      role: 'member',
      memberCount: 2,
      ownerName: 'Owner',
    });

    const again = await joiner.call('POST', '/api/shared-projects/join', { code: project.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already a member of "Research".');

    for (const code of ['12345', '1234567', '12a456', ' 123456']) {
      const bad = await joiner.call('POST', '/api/shared-projects/join', { code });
      expect(bad.statusCode, code).toBe(400);
      expect(bad.json().error.message).toBe(JOIN_MESSAGES.invalidCode);
    }
  });

  it('answers a disabled code exactly like a wrong one, and a regenerated code works', async () => {
    const { owner, project } = await sharedProject();
    const joiner = await account();
    const disabled = await owner.call('DELETE', `/api/shared-projects/${project.id}/code`);
    expect(disabled.json().code).toBeNull();
    const tryOld = await joiner.call('POST', '/api/shared-projects/join', { code: project.code });
    expect(tryOld.statusCode).toBe(404);
    expect(tryOld.json().error.message).toBe(JOIN_MESSAGES.notFound(project.code));

    const regenerated = (await owner.call('POST', `/api/shared-projects/${project.id}/code`)).json();
    expect(regenerated.code).toMatch(/^\d{6}$/);
    expect(
      (await joiner.call('POST', '/api/shared-projects/join', { code: regenerated.code })).statusCode,
    ).toBe(200);
    // Members may not manage the code.
    expect((await joiner.call('POST', `/api/shared-projects/${project.id}/code`)).statusCode).toBe(403);
  });

  it('members see and edit every note; strangers get 404', async () => {
    const { owner, project } = await sharedProject();
    const member = await account();
    const stranger = await account();
    await member.call('POST', '/api/shared-projects/join', { code: project.code });

    const byOwner = (
      await owner.call('POST', '/api/notes', { projectId: project.id, title: 'Plan', content: 'v1' })
    ).json();
    const byMember = (
      await member.call('POST', '/api/notes', { projectId: project.id, title: 'Ideas' })
    ).json();
    const memberList = (await member.call('GET', `/api/notes?projectId=${project.id}`)).json().notes;
    expect(memberList.map((n: { title: string }) => n.title).sort()).toEqual(['Ideas', 'Plan']);
    const ownerList = (await owner.call('GET', `/api/notes?projectId=${project.id}`)).json().notes;
    expect(ownerList).toHaveLength(2);

    const edit = await member.call('PATCH', `/api/notes/${byOwner.id}`, {
      content: 'member edit',
      version: 1,
    });
    expect(edit.statusCode).toBe(200);
    expect((await owner.call('GET', `/api/notes/${byOwner.id}`)).json().content).toBe('member edit');
    expect((await owner.call('GET', '/api/shared-projects')).json().sharedProjects[0].itemCount).toBe(2);

    for (const response of [
      await stranger.call('GET', `/api/shared-projects/${project.id}`),
      await stranger.call('GET', `/api/notes/${byMember.id}`),
      await stranger.call('PATCH', `/api/notes/${byMember.id}`, { title: 'x' }),
      await stranger.call('GET', `/api/notes?projectId=${project.id}`),
      await stranger.call('DELETE', `/api/shared-projects/${project.id}`),
      await stranger.call('GET', `/api/shared-projects/${project.id}/members`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await stranger.call('GET', '/api/search?q=plan')).json().results).toEqual([]);
  });

  it('moves a personal note into a shared project (its project changes, no copy)', async () => {
    const { owner, project } = await sharedProject();
    const member = await account();
    await member.call('POST', '/api/shared-projects/join', { code: project.code });
    const personal = (await member.call('POST', '/api/projects', { name: 'Mine' })).json();
    const note = (
      await member.call('POST', '/api/notes', { projectId: personal.id, title: 'Move me' })
    ).json();
    const moved = await member.call('POST', `/api/notes/${note.id}/move`, { projectId: project.id });
    expect(moved.json()).toMatchObject({ id: note.id, projectId: project.id });
    expect((await owner.call('GET', `/api/notes/${note.id}`)).statusCode).toBe(200);
    expect((await member.call('GET', `/api/notes?projectId=${personal.id}`)).json().notes).toEqual([]);

    await setPlan(t, member.email, 'FREE', null);
    const another = (await member.call('POST', '/api/projects', { name: 'x' })).statusCode;
    expect(another).toBe(403);
  });

  it("the owner's delete removes it for everyone; a member's delete only leaves", async () => {
    const { owner, project } = await sharedProject();
    const a = await account();
    const b = await account();
    await a.call('POST', '/api/shared-projects/join', { code: project.code });
    await b.call('POST', '/api/shared-projects/join', { code: project.code });
    const note = (await owner.call('POST', '/api/notes', { projectId: project.id })).json();

    expect((await a.call('DELETE', `/api/shared-projects/${project.id}`)).statusCode).toBe(204);
    expect((await a.call('GET', '/api/shared-projects')).json().sharedProjects).toEqual([]);
    expect((await a.call('GET', `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await b.call('GET', `/api/notes/${note.id}`)).statusCode).toBe(200);
    expect((await owner.call('GET', `/api/shared-projects/${project.id}`)).json().memberCount).toBe(2);

    expect((await owner.call('DELETE', `/api/shared-projects/${project.id}`)).statusCode).toBe(204);
    expect((await b.call('GET', `/api/shared-projects/${project.id}`)).statusCode).toBe(404);
    expect((await b.call('GET', `/api/notes/${note.id}`)).statusCode).toBe(404);
  });

  it('the owner removes a member, whose access ends at once', async () => {
    const { owner, project } = await sharedProject();
    const member = await account();
    await member.call('POST', '/api/shared-projects/join', { code: project.code });
    const note = (await owner.call('POST', '/api/notes', { projectId: project.id })).json();
    const members = (await owner.call('GET', `/api/shared-projects/${project.id}/members`)).json().members;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    const memberId = members[1].userId;

    expect(
      (await member.call('DELETE', `/api/shared-projects/${project.id}/members/${memberId}`)).statusCode,
    ).toBe(403);
    expect(
      (await owner.call('DELETE', `/api/shared-projects/${project.id}/members/${memberId}`)).statusCode,
    ).toBe(204);
    expect((await member.call('GET', `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await member.call('GET', `/api/shared-projects/${project.id}`)).statusCode).toBe(404);
  });

  it("members add and edit, but only the owner or the note's author moves a note out or deletes it", async () => {
    const { owner, project } = await sharedProject();
    const member = await account();
    await member.call('POST', '/api/shared-projects/join', { code: project.code });
    const mine = (await member.call('POST', '/api/projects', { name: 'Mine' })).json();
    const ownersNote = (
      await owner.call('POST', '/api/notes', { projectId: project.id, title: 'Plan' })
    ).json();
    const membersNote = (
      await member.call('POST', '/api/notes', { projectId: project.id, title: 'Ideas' })
    ).json();

    const moveOut = await member.call('POST', `/api/notes/${ownersNote.id}/move`, { projectId: mine.id });
    expect(moveOut.statusCode).toBe(403);
    expect(moveOut.json().error).toEqual({
      code: ERROR_CODES.forbidden,
      message: PERMISSION_MESSAGES.moveOut,
    });
    const remove = await member.call('DELETE', `/api/notes/${ownersNote.id}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.message).toBe(PERMISSION_MESSAGES.delete);
    // Nothing changed for the owner.
    expect((await owner.call('GET', `/api/notes/${ownersNote.id}`)).json().projectId).toBe(project.id);

    // Their own note: the author may take it back out, and delete what they wrote.
    const back = await member.call('POST', `/api/notes/${membersNote.id}/move`, { projectId: mine.id });
    expect(back.statusCode).toBe(200);
    expect(
      (await member.call('POST', `/api/notes/${membersNote.id}/move`, { projectId: project.id })).statusCode,
    ).toBe(200);
    expect((await member.call('DELETE', `/api/notes/${membersNote.id}`)).statusCode).toBe(204);

    // The owner moves and deletes any note, also a member's.
    const another = (await member.call('POST', '/api/notes', { projectId: project.id })).json();
    const ownersOwn = (await owner.call('POST', '/api/projects', { name: 'Owner private' })).json();
    expect(
      (await owner.call('POST', `/api/notes/${another.id}/move`, { projectId: ownersOwn.id })).statusCode,
    ).toBe(200);
    expect((await owner.call('DELETE', `/api/notes/${ownersNote.id}`)).statusCode).toBe(204);
  });

  it("project settings are the owner's through both the shared-projects and the projects routes", async () => {
    const { owner, project } = await sharedProject('Settings');
    const member = await account();
    await member.call('POST', '/api/shared-projects/join', { code: project.code });
    for (const url of [`/api/shared-projects/${project.id}`, `/api/projects/${project.id}`]) {
      for (const body of [{ name: 'Hijacked' }, { description: 'x' }, { color: 'red' }]) {
        const response = await member.call('PATCH', url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(403);
        expect(response.json().error.message).toBe(PERMISSION_MESSAGES.renameRecolour);
      }
    }
    expect((await owner.call('GET', `/api/shared-projects/${project.id}`)).json()).toMatchObject({
      name: 'Settings',
      color: 'green',
    });
    expect((await owner.call('PATCH', `/api/projects/${project.id}`, { name: 'Renamed' })).statusCode).toBe(
      200,
    );
    // Members still leave through either delete route, which never deletes the project.
    expect((await member.call('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await owner.call('GET', `/api/shared-projects/${project.id}`)).json().memberCount).toBe(1);
  });

  it('a removed member cannot rejoin with the code; others still can, and leaving is not a ban', async () => {
    const { owner, project } = await sharedProject('Banned');
    const removed = await account();
    const leaver = await account();
    await removed.call('POST', '/api/shared-projects/join', { code: project.code });
    await leaver.call('POST', '/api/shared-projects/join', { code: project.code });
    const members = (await owner.call('GET', `/api/shared-projects/${project.id}/members`)).json().members;
    const removedId = members.find((m: { userId: string }) => m.userId === removed.user.id).userId;
    expect(
      (await owner.call('DELETE', `/api/shared-projects/${project.id}/members/${removedId}`)).statusCode,
    ).toBe(204);

    const rejoin = await removed.call('POST', '/api/shared-projects/join', { code: project.code });
    expect(rejoin.statusCode).toBe(403);
    expect(rejoin.json().error.message).toBe(PERMISSION_MESSAGES.removedFromProject);
    // Not even with a new code.
    const fresh = (await owner.call('POST', `/api/shared-projects/${project.id}/code`)).json().code;
    expect((await removed.call('POST', '/api/shared-projects/join', { code: fresh })).statusCode).toBe(403);

    const newcomer = await account();
    expect((await newcomer.call('POST', '/api/shared-projects/join', { code: fresh })).statusCode).toBe(200);
    expect((await leaver.call('DELETE', `/api/shared-projects/${project.id}`)).statusCode).toBe(204);
    expect((await leaver.call('POST', '/api/shared-projects/join', { code: fresh })).statusCode).toBe(200);
    const after = (await owner.call('GET', `/api/shared-projects/${project.id}/members`)).json().members;
    expect(after.map((m: { userId: string }) => m.userId)).not.toContain(removed.user.id);
    expect(after).toHaveLength(3);
  });

  it('sharing needs access: FREE users cannot create or join', async () => {
    const { project } = await sharedProject();
    const free = await account();
    await setPlan(t, free.email, 'FREE', null);
    expect((await free.call('POST', '/api/shared-projects', { name: 'x' })).statusCode).toBe(403);
    expect((await free.call('POST', '/api/shared-projects/join', { code: project.code })).statusCode).toBe(
      403,
    );
  });
});

describe.each(dialects)('join-code guessing on %s', (dialect) => {
  it('a scripted guessing run gets 429s per account and never joins, even with the right code', async () => {
    const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    try {
      const owner = await signUp(t.app);
      const project = (
        await request(t.app, 'POST', '/api/shared-projects', {
          cookie: owner.cookie,
          body: { name: 'Vault' },
        })
      ).json();
      const attacker = await signUp(t.app);
      const statuses: number[] = [];
      for (let guess = 0; guess < JOIN_LIMITS.perAccount + 5; guess++) {
        const code = String(guess).padStart(6, '0');
        if (code === project.code) continue;
        const response = await request(t.app, 'POST', '/api/shared-projects/join', {
          cookie: attacker.cookie,
          ip: `10.30.0.${guess}`,
          body: { code },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, JOIN_LIMITS.perAccount).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(JOIN_LIMITS.perAccount).every((s) => s === 429)).toBe(true);

      const correct = await request(t.app, 'POST', '/api/shared-projects/join', {
        cookie: attacker.cookie,
        ip: '10.30.1.1',
        body: { code: project.code },
      });
      expect(correct.statusCode).toBe(429);
      expect(correct.json().error.message).toBe(JOIN_MESSAGES.tooManyAttempts);
      expect(correct.headers['retry-after']).toBeTruthy();
      const members = (
        await request(t.app, 'GET', `/api/shared-projects/${project.id}/members`, { cookie: owner.cookie })
      ).json();
      expect(members.members).toHaveLength(1);
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });

  // Five sign-ups (a password hash each) and 23 joins: 19.5 s at load 25 on SQLite, past the 30 s
  // default on PostgreSQL, so its own ceiling.
  it('past the per-address failure budget, every account from there is refused, a fresh one with the right code too, until the window ends', {
    timeout: 120_000,
  }, async () => {
    const t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false' });
    try {
      const owner = await signUp(t.app);
      const project = (
        await request(t.app, 'POST', '/api/shared-projects', {
          cookie: owner.cookie,
          body: { name: 'Vault' },
        })
      ).json();
      const office = '10.60.0.1';
      const wrong = (guess: number) =>
        String((Number(project.code) + 1 + guess) % 1_000_000).padStart(6, '0');
      const join = (cookie: string, code: string, ip = office) =>
        request(t.app, 'POST', '/api/shared-projects/join', { cookie, ip, body: { code } });

      // Two accounts behind one address use up the address's failure budget.
      let guess = 0;
      const guessers = [await signUp(t.app), await signUp(t.app)];
      for (const guesser of guessers) {
        for (let i = 0; i < JOIN_LIMITS.perAddress / guessers.length; i++) {
          expect((await join(guesser.cookie, wrong(guess++))).statusCode).toBe(404);
        }
      }
      // A fresh account buys no fresh guess: refused before its code is read, the right code too.
      const fresh = await signUp(t.app);
      for (const code of [wrong(guess++), project.code]) {
        const refused = await join(fresh.cookie, code);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.message).toBe(JOIN_MESSAGES.tooManyAttempts);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(JOIN_LIMITS.windowMs / 1000);
      }
      // Another address is not affected.
      const elsewhere = await signUp(t.app);
      expect((await join(elsewhere.cookie, project.code, '10.60.9.9')).statusCode).toBe(200);

      // Once the window is over (fast-forwarded here), a colleague behind the office address joins.
      await t.rateLimiter.reset({ name: JOIN_RULES.address }, office);
      const colleague = await signUp(t.app);
      expect((await join(colleague.cookie, project.code)).statusCode).toBe(200);
      const members = (
        await request(t.app, 'GET', `/api/shared-projects/${project.id}/members`, { cookie: owner.cookie })
      ).json();
      expect(members.members).toHaveLength(3);
    } finally {
      await t.close();
      await t.testDb.destroy();
    }
  });
});
