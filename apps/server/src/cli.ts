import { parseArgs } from 'node:util';
import { newPasswordSchema, PLANS, type Plan, signUpBodySchema, trialExpiry } from '@notewise/shared';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { backupDataDir, backupPostgres, restoreDataDir, restorePostgres } from './db/backup';
import { migrateToLatest } from './db/migrations';
import { deleteUser, setUserDisabled } from './modules/admin/user-admin';
import { createAuth } from './modules/auth/auth';
import { resetPageUrl } from './modules/auth/password-reset';
import { resolveAuthSecret } from './modules/auth/secret';
import { createStorage } from './storage';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  migrate                                   apply pending database migrations
  create-user --email E --password P --name N [--plan FREE|PRO|UNLIMITED]
  set-plan --email E --plan FREE|PRO|UNLIMITED [--days N]   (PRO defaults to a 31-day trial)
  reset-password --email E --password P    (signs the user out everywhere)
  reset-link --email E                      prints a one-time link to set a new password (1 hour)
  list-users                                email, name, plan, plan expiry, disabled
  disable-user --email E                    the account cannot sign in; its sessions end
  enable-user --email E                     undoes disable-user
  delete-user --email E                     deletes the account, its projects, notes and pictures; a shared
                                            project with other members goes to its oldest member
  backup <path>                             SQLite: a consistent copy while the server runs, into the
                                            new folder <path> (database, auth secret, uploads);
                                            PostgreSQL: pg_dump to the file <path> (or how to)
  restore <path>                            SQLite: the backup folder into DATA_DIR (the server must
                                            be stopped; the old files are kept aside);
                                            PostgreSQL: pg_restore (or how to)

With ALLOW_SIGNUP=false, create-user is how accounts are made.
The database is the one the server uses (DATABASE_URL, else DATA_DIR/notewise.db).`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parsePlan(value: string | undefined): Plan {
  const plan = (value ?? '').toUpperCase();
  if (!(PLANS as readonly string[]).includes(plan)) fail(`--plan must be one of ${PLANS.join(', ')}`);
  return plan as Plan;
}

function planExpiry(plan: Plan, days: string | undefined): string | null {
  if (plan !== 'PRO') return null;
  if (days === undefined) return trialExpiry().toISOString();
  const n = Number(days);
  if (!Number.isFinite(n)) fail('--days must be a number');
  return new Date(Date.now() + n * 86_400_000).toISOString();
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
    },
  });

  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    const target = positionals[0];
    if (!target) fail(`Usage: npm run admin -- ${command} <path>`);
    if (config.databaseUrl) {
      console.log(
        command === 'backup'
          ? backupPostgres(config.databaseUrl, target)
          : restorePostgres(config.databaseUrl, target),
      );
      return;
    }
    if (command === 'backup') {
      const manifest = backupDataDir(config.dataDir, target);
      console.log(`Backed up ${config.dataDir} to ${target} (${manifest.files.join(', ')}).`);
    } else {
      const { keptAside } = restoreDataDir(target, config.dataDir);
      console.log(`Restored ${target} into ${config.dataDir}.`);
      if (keptAside.length) console.log(`The previous files were kept as:\n  ${keptAside.join('\n  ')}`);
    }
    return;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  try {
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
    const findUserId = (address: string) =>
      db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();

    switch (command) {
      case 'create-user': {
        const parsed = signUpBodySchema.safeParse({ name: values.name, email, password: values.password });
        if (!parsed.success)
          fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
        if (await findUserId(parsed.data.email)) fail(`${parsed.data.email} already has an account.`);
        const created = await auth.api.signUpEmail({ body: parsed.data });
        if (values.plan) {
          const plan = parsePlan(values.plan);
          await db
            .updateTable('users')
            .set({ plan, plan_expires_at: planExpiry(plan, values.days) })
            .where('id', '=', created.user.id)
            .execute();
        }
        console.log(`Created ${parsed.data.email} (${created.user.id}).`);
        return;
      }
      case 'set-plan': {
        if (!email) fail('--email is required');
        const plan = parsePlan(values.plan);
        const result = await db
          .updateTable('users')
          .set({ plan, plan_expires_at: planExpiry(plan, values.days) })
          .where('email', '=', email)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) fail(`No user with email ${email}.`);
        console.log(`${email} is now on ${plan}.`);
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
        const result = await db
          .updateTable('accounts')
          .set({ password: hash, updated_at: new Date().toISOString() })
          .where('user_id', '=', user.id)
          .where('provider_id', '=', 'credential')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) fail(`${email} has no password sign-in.`);
        // Every existing session ends: whoever knew the old password is signed out.
        await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
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
        return;
      }
      case 'list-users': {
        const users = await db
          .selectFrom('users')
          .select(['email', 'name', 'plan', 'plan_expires_at', 'disabled_at'])
          .orderBy('email')
          .execute();
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
