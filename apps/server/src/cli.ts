// First, on its own: it stops an unsupported Node before the SQLite driver loads.
import './runtime-check';

import { parseArgs } from 'node:util';
import { newPasswordSchema, PLANS, type Plan, signUpBodySchema } from '@notewise/shared';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { createBackup, describeBackup } from './db/backup';
import { migrateToLatest, migrations, pendingMigrations } from './db/migrations';
import { restoreBackup } from './db/restore';
import { deleteUser, setUserDisabled } from './modules/admin/user-admin';
import { userAdminRepo } from './modules/admin/user-admin.repo';
import { createAuth } from './modules/auth/auth';
import { authRepo } from './modules/auth/auth.repo';
import { resetPageUrl } from './modules/auth/password-reset';
import { resolveAuthSecret } from './modules/auth/secret';
import { setPlan } from './modules/profile/set-plan';
import { createStorage } from './storage';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  migrate                                   apply pending database migrations
  create-user --email E --password P --name N [--plan FREE|PRO|UNLIMITED]
  plan <email> FREE|PRO|UNLIMITED [--days N]   grants a plan by hand (PRO defaults to a 31-day trial)
  set-plan --email E --plan FREE|PRO|UNLIMITED [--days N]   the same, with options
  reset-password --email E --password P    (signs the user out everywhere)
  reset-link --email E                      prints a one-time link to set a new password (1 hour)
  list-users                                email, name, plan, plan expiry, disabled (tab-separated, with a header)
  disable-user --email E                    the account cannot sign in; its sessions end
  enable-user --email E                     undoes disable-user
  delete-user --email E                     deletes the account, its projects, notes and pictures; a shared
                                            project with other members goes to its oldest member
  backup <path>                             a consistent copy while the servers run, into the new
                                            private folder <path>: the database (SQLite snapshot or
                                            pg_dump), the generated auth secret, every upload (local
                                            folder or S3 bucket); prints what it holds
  restore <path> [--force]                  the backup folder back into the database and storage;
                                            refused while a server runs (SQLite: its lock; PostgreSQL:
                                            a recent heartbeat, unless --force); old files kept aside

With ALLOW_SIGNUP=false, create-user is how accounts are made.
The database is the one the server uses (DATABASE_URL, else DATA_DIR/notewise.db). A command other
than migrate refuses a database that lacks some of this version's migrations (a server of an older
version may be running on it) unless given --migrate.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parsePlan(value: string | undefined): Plan {
  const plan = (value ?? '').toUpperCase();
  if (!(PLANS as readonly string[]).includes(plan)) fail(`--plan must be one of ${PLANS.join(', ')}`);
  return plan as Plan;
}

function parseDays(days: string | undefined): number | undefined {
  if (days === undefined) return undefined;
  const n = Number(days);
  if (!Number.isFinite(n)) fail('--days must be a number');
  return n;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      plan: { type: 'string' },
      days: { type: 'string' },
      force: { type: 'boolean' },
      migrate: { type: 'boolean' },
    },
  });

  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    const target = positionals[0];
    if (!target) fail(`Usage: npm run admin -- ${command} <path>`);
    if (command === 'backup') console.log(describeBackup(await createBackup(config, target), target));
    else console.log((await restoreBackup(config, target, { force: values.force === true })).join('\n'));
    return;
  }
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    preparedStatements: config.preparedStatements,
    dataDir: config.dataDir,
  });
  const { db } = database;
  try {
    if (command !== 'migrate' && values.migrate !== true) {
      // A server of an older version may be running on this database: migrating under it without a
      // word could break it. A database with nothing applied yet is new, and no server uses it.
      const pending = await pendingMigrations(db, database.dialect);
      const known = Object.keys(migrations(database.dialect)).length;
      if (pending.length > 0 && pending.length < known) {
        fail(
          `The database lacks ${pending.length} migration(s) of this version (${pending.join(', ')}), so a server of an older version may be using it.\n` +
            'Stop that server, then run `npm run migrate` (or repeat this command with --migrate to apply them now).',
        );
      }
    }
    const applied = await migrateToLatest(db, database.dialect);
    if (command === 'migrate') {
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      return;
    }
    let issuedToken: string | undefined;
    const auth = createAuth({
      config,
      db,
      dialect: database.dialect,
      secret: resolveAuthSecret(config.authSecret, config.dataDir),
      // reset-link: better-auth issues and stores the token (hashed); we print it instead of mailing it.
      deliverResetLink: async (_user, token) => {
        issuedToken = token;
      },
    });
    const email = values.email?.trim().toLowerCase();
    const findUserId = (address: string) => userAdminRepo.userIdByEmail(db, address);

    switch (command) {
      case 'create-user': {
        const parsed = signUpBodySchema.safeParse({ name: values.name, email, password: values.password });
        if (!parsed.success)
          fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
        if (await findUserId(parsed.data.email)) fail(`${parsed.data.email} already has an account.`);
        const created = await auth.api.signUpEmail({ body: parsed.data });
        if (values.plan) {
          await setPlan(db, { userId: created.user.id }, parsePlan(values.plan), {
            days: parseDays(values.days),
          });
        }
        console.log(`Created ${parsed.data.email} (${created.user.id}).`);
        return;
      }
      case 'plan':
      case 'set-plan': {
        // `plan <email> <PLAN>` (README, decision 022) and `set-plan --email E --plan P` are one command.
        const target = command === 'plan' ? positionals[0]?.trim().toLowerCase() : email;
        if (!target)
          fail(
            command === 'plan'
              ? 'Usage: npm run admin -- plan <email> FREE|PRO|UNLIMITED'
              : '--email is required',
          );
        const plan = parsePlan(command === 'plan' ? (positionals[1] ?? values.plan) : values.plan);
        if (!(await setPlan(db, { email: target }, plan, { days: parseDays(values.days) }))) {
          fail(`No user with email ${target}.`);
        }
        console.log(`${target} is now on ${plan}.`);
        return;
      }
      case 'reset-password': {
        if (!email) fail('--email is required');
        const password = newPasswordSchema.safeParse(values.password);
        if (!password.success) fail(password.error.issues[0]?.message ?? 'Invalid password');
        const user = await findUserId(email);
        if (!user) fail(`No user with email ${email}.`);
        const ctx = await auth.$context;
        const hash = await ctx.password.hash(password.data);
        // Every existing session ends: whoever knew the old password is signed out.
        if (!(await authRepo.setPasswordHash(db, user.id, hash))) fail(`${email} has no password sign-in.`);
        await authRepo.endSessions(db, user.id);
        console.log(`Password reset for ${email}; their sessions were signed out.`);
        return;
      }
      case 'reset-link': {
        if (!email) fail('--email is required');
        if (!(await findUserId(email))) fail(`No user with email ${email}.`);
        await auth.api.requestPasswordReset({ body: { email } });
        if (!issuedToken) fail('No reset link was issued.');
        console.log(
          `One-time link for ${email} (valid for 1 hour; setting a password signs them out everywhere):`,
        );
        console.log(resetPageUrl(config, issuedToken));
        if (!config.publicUrl) {
          console.error(
            `Warning: PUBLIC_URL is not set, so this link starts with ${resetPageUrl(config, '').split('/reset-password')[0]}. ` +
              'Set PUBLIC_URL to the address people use, or change the start of the link before handing it over.',
          );
        }
        return;
      }
      case 'list-users': {
        const users = await userAdminRepo.listUsers(db);
        console.log(['email', 'name', 'plan', 'plan expires', 'disabled'].join('\t'));
        for (const u of users) {
          const disabled = u.disabled_at ? 'disabled' : '';
          console.log(`${u.email}\t${u.name}\t${u.plan}\t${u.plan_expires_at ?? ''}\t${disabled}`);
        }
        return;
      }
      case 'disable-user':
      case 'enable-user': {
        if (!email) fail('--email is required');
        const user = await findUserId(email);
        if (!user) fail(`No user with email ${email}.`);
        const disable = command === 'disable-user';
        await setUserDisabled(db, user.id, disable);
        console.log(
          disable
            ? `${email} is disabled: they cannot sign in, and their sessions were signed out.`
            : `${email} is enabled again.`,
        );
        return;
      }
      case 'delete-user': {
        if (!email) fail('--email is required');
        const user = await findUserId(email);
        if (!user) fail(`No user with email ${email}.`);
        const deleted = await deleteUser(db, user.id, await createStorage(config));
        console.log(
          `Deleted ${email}, ${deleted.deletedProjects} project(s) and ${deleted.deletedFiles} stored file(s) of theirs.`,
        );
        for (const project of deleted.handedOver) {
          console.log(`Shared project "${project.name}" now belongs to ${project.newOwnerEmail}.`);
        }
        return;
      }
      default:
        fail(`Unknown command: ${command}\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
