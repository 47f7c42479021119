/**
 * `pnpm admin:create --username U --email E [--role admin|view_only] [--password-stdin]
 * [--must-change-password]` creates an admin account and prints its generated password once.
 * The account keeps that password unless `--must-change-password` is given: then its owner must
 * choose a new one at first sign-in (issue 16), as after a reset in the panel. Not the default: the
 * first admin of an installation (and the e2e suite's) is created by the person who will use it. It is how the first account of
 * a fresh installation comes to exist: the panel has no sign-up.
 * The input is checked with the same contracts schemas as the Add Admin User dialog.
 *
 * Exit codes: 0 created, 1 failure (database unreachable, tables missing), 2 bad arguments or
 * configuration, 3 the username or e-mail is already taken.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { adminEmailField, adminRoleSchema, passwordField, usernameField } from '@tunnelscope/contracts';
import { AppError, createDb, isMissingTable, systemClock } from '@tunnelscope/service-kit';
import { refuseTaken, uniqueConflict } from '../admin-users/admin-user-service.js';
import { insertAdmin } from '../admin-users/admin-user-repository.js';
import { createAuditLog } from '../audit/audit-log.js';
import { parseCliConfig } from '../config.js';
import type { AuthDatabase } from '../db/schema.js';
import { generatePassword } from '../passwords/password-generator.js';
import { createPasswordHasher } from '../passwords/password-hasher.js';

export const EXIT = { ok: 0, failure: 1, usage: 2, conflict: 3 } as const;

export interface CliIo {
  /** The environment to read the configuration from; the process's own when left out. */
  env?: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  /** The whole of standard input (only read with --password-stdin). */
  readStdin(): Promise<string>;
}

export const USAGE =
  'Usage: pnpm admin:create --username <name> --email <address> [--role admin|view_only] [--password-stdin] [--must-change-password]';

type Parsed = {
  username: string;
  email: string;
  role: 'admin' | 'view_only';
  passwordStdin: boolean;
  mustChangePassword: boolean;
};

function parse(argv: string[]): { ok: true; value: Parsed } | { ok: false; problems: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        'must-change-password': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { ok: false, problems: [(err as Error).message] };
  }
  const problems: string[] = [];
  const check = <T>(
    label: string,
    result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
  ) => {
    if (result.success) return result.data;
    problems.push(`--${label}: ${result.error.issues[0]?.message ?? 'invalid'}`);
    return undefined;
  };
  if (values.username === undefined) problems.push('--username is required');
  if (values.email === undefined) problems.push('--email is required');
  const username =
    values.username === undefined ? undefined : check('username', usernameField.safeParse(values.username));
  const email =
    values.email === undefined ? undefined : check('email', adminEmailField.safeParse(values.email));
  const role = check('role', adminRoleSchema.default('admin').safeParse(values.role));
  if (problems.length || !username || !email || !role) return { ok: false, problems };
  return {
    ok: true,
    value: {
      username,
      email,
      role,
      passwordStdin: values['password-stdin'] ?? false,
      mustChangePassword: values['must-change-password'] ?? false,
    },
  };
}

export async function runAdminCreate(argv: string[], io: CliIo): Promise<number> {
  const args = parse(argv);
  if (!args.ok) {
    for (const p of args.problems) io.err(p);
    io.err(USAGE);
    return EXIT.usage;
  }
  const config = parseCliConfig(io.env);
  if (!config.success) {
    for (const i of config.error.issues) io.err(`${i.path.join('.')}: ${i.message}`);
    return EXIT.usage;
  }

  let password = generatePassword();
  const generated = !args.value.passwordStdin;
  if (args.value.passwordStdin) {
    // One line from a pipe or a file; its line ending is not part of the password.
    const given = passwordField.safeParse((await io.readStdin()).replace(/\r?\n$/, ''));
    if (!given.success) {
      io.err(`password: ${given.error.issues[0]?.message ?? 'invalid'}`);
      return EXIT.usage;
    }
    password = given.data;
  }

  const { username, email, role, mustChangePassword } = args.value;
  const db = createDb<AuthDatabase>(config.data.DATABASE_URL, {
    max: 1,
    applicationName: 'auth-admin-create',
  });
  try {
    await refuseTaken(db, { username, email });
    const hasher = createPasswordHasher({
      memoryKib: config.data.ARGON2_MEMORY_KIB,
      timeCost: config.data.ARGON2_TIME_COST,
    });
    const passwordHash = await hasher.hash(password);
    const audit = createAuditLog({ db, clock: systemClock, log: { error: () => undefined } });
    const now = systemClock.now();
    const created = await db.transaction().execute(async (trx) => {
      const row = await insertAdmin(trx, {
        username,
        email,
        role,
        password_hash: passwordHash,
        must_change_password: mustChangePassword,
        created_at: now,
        updated_at: now,
      });
      await audit.recordIn(
        trx,
        {
          adminId: null,
          sessionId: null,
          username: null,
          ip: '',
          userAgent: 'admin:create',
          requestId: randomUUID(),
        },
        {
          action: 'admin_user_created',
          resource: 'admin_user',
          resourceId: row.id,
          details: {
            source: 'cli',
            username: row.username,
            email: row.email,
            role: row.role,
            mustChangePassword,
          },
        },
      );
      return row;
    });
    io.out(`Created ${created.role} "${created.username}" <${created.email}> (id ${created.id}).`);
    if (mustChangePassword) io.out('A new password must be chosen at first sign-in.');
    if (generated) {
      io.out('Password (shown once, it is not stored anywhere in clear):');
      io.out(password);
    }
    return EXIT.ok;
  } catch (err) {
    const conflict = uniqueConflict(err);
    if (conflict instanceof AppError && conflict.statusCode === 409) {
      io.err(`${conflict.message}: nothing was created.`);
      return EXIT.conflict;
    }
    if (isMissingTable(err)) {
      io.err('The admin tables do not exist yet: run `pnpm db:migrate` first.');
      return EXIT.failure;
    }
    io.err(`Could not create the admin user: ${(err as Error).message}`);
    return EXIT.failure;
  } finally {
    await db.destroy();
  }
}
