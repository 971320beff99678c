// `npm run admin -- <command>` for people who run Parley. Works on whichever database the
// environment configures (SQLite file by default, PostgreSQL with DATABASE_URL).
import { Command, CommanderError } from 'commander';
import { systemClock } from '../clock';
import type { ServerConfig } from '../config';
import { createDatabase } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { createServerI18n, localeFromAcceptLanguage } from '../i18n';
import { runBackupCommand } from './backup-commands';
import { addUser, changePassword, listUsers, type UserCommandOutcome } from './user-commands';
import { registerPackageCommands } from './package-commands';
import { registerVoucherCommands } from './voucher-commands';
import type { AdminIo } from './admin-io';

const REASON_KEYS: Record<Exclude<UserCommandOutcome, { ok: true }>['reason'], string> = {
  invalidUsername: 'auth.invalidUsername',
  duplicate: 'admin.duplicate',
  notFound: 'admin.notFound',
  passwordLength: 'auth.passwordLength',
  passwordComposition: 'auth.passwordComposition',
};

/** Runs one admin command; resolves to the process exit code. */
export async function runAdmin(argv: string[], config: ServerConfig, io: AdminIo, localeHint = process.env.LANG): Promise<number> {
  const i18n = await createServerI18n();
  const t = i18n.translatorFor(localeFromAcceptLanguage(localeHint?.split('.')[0]?.replace('_', '-')));
  // backup/restore handle the database file themselves (restore must not find one made by opening it).
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    try {
      return await runBackupCommand(argv, config, io, t);
    } catch (error) {
      io.err(t('admin.failed', { reason: error instanceof Error ? error.message : String(error) }));
      return 1;
    }
  }
  const db = createDatabase(config.database);
  let exitCode = 0;
  const report = (outcome: UserCommandOutcome, successKey: string, username: string) => {
    if (outcome.ok) return io.out(t(successKey, { username }));
    exitCode = 1;
    io.err(t(REASON_KEYS[outcome.reason], { username }));
  };

  const program = new Command('admin')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  const user = program.command('user').description('manage user accounts');
  user
    .command('add <username> <password>')
    .description('create a user (e-mail or phone in +country form)')
    .action(async (username: string, password: string) => report(await addUser(db, systemClock, username, password), 'admin.userAdded', username));
  user
    .command('password <username> <password>')
    .description("set a user's password and sign out their sessions")
    .action(async (username: string, password: string) =>
      report(await changePassword(db, systemClock, username, password), 'admin.passwordChanged', username),
    );
  user
    .command('list')
    .description('list users')
    .action(async () => {
      const rows = await listUsers(db);
      if (rows.length === 0) io.out(t('admin.noUsers'));
      for (const row of rows) io.out([row.id, row.email ?? row.phone ?? '', row.name, row.created_at].join('\t'));
    });

  registerVoucherCommands(program, {
    db,
    clock: systemClock,
    t,
    io,
    fail: () => {
      exitCode = 1;
    },
  });

  registerPackageCommands(program, {
    db,
    clock: systemClock,
    t,
    io,
    fail: () => {
      exitCode = 1;
    },
  });

  try {
    await migrateToLatest(db, config.database.kind === 'postgres' ? config.database.schema : undefined);
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      exitCode = error.exitCode;
    } else {
      io.err(t('admin.failed', { reason: error instanceof Error ? error.message : String(error) }));
      exitCode = 1;
    }
  } finally {
    await db.destroy();
  }
  return exitCode;
}
