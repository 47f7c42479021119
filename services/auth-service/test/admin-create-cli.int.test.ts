import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_MESSAGES, passwordField } from '@tunnelscope/contracts';
import { createDb } from '@tunnelscope/service-kit';
import { createTestDatabase, type TestDatabase } from '@tunnelscope/test-kit';
import argon2 from 'argon2';
import { EXIT, USAGE, runAdminCreate } from '../src/cli/admin-create-command.js';
import type { AuthDatabase, AuthDb } from '../src/db/schema.js';
import { migrate } from '../src/migrations/index.js';

const serviceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('admin:create', () => {
  let database: TestDatabase;
  let db: AuthDb;
  beforeAll(async () => {
    database = await createTestDatabase('auth_cli');
    await migrate(database.url);
    db = createDb<AuthDatabase>(database.url, { max: 2 });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  async function run(argv: string[], opts: { stdin?: string; env?: Record<string, string> } = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCreate(argv, {
      env: { DATABASE_URL: database.url, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...opts.env },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      readStdin: async () => opts.stdin ?? '',
    });
    return { code, out, err };
  }

  it('creates an admin, prints its generated password once, stores only its argon2id hash and logs it', async () => {
    const { code, out, err } = await run([
      '--username',
      'first_admin',
      '--email',
      'first@tunnelscope.example',
    ]);
    expect(err).toEqual([]);
    expect(code).toBe(EXIT.ok);
    const password = out.at(-1)!;
    expect(passwordField.safeParse(password).success).toBe(true);
    expect(out.filter((l) => l.includes(password))).toHaveLength(1);
    const row = await db
      .selectFrom('admin_users')
      .selectAll()
      .where('username', '=', 'first_admin')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'first@tunnelscope.example', role: 'admin', is_active: true });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(row.password_hash, password)).toBe(true);
    const log = await db
      .selectFrom('admin_logs')
      .selectAll()
      .where('resource_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'admin_user_created', admin_id: null, success: true });
    expect(JSON.stringify(log.details)).not.toContain(password);
  });

  it('does not force a password change unless given --must-change-password (issue 16)', async () => {
    const plain = await run(['--username', 'plain_cli', '--email', 'plain_cli@tunnelscope.example']);
    expect(plain.code).toBe(EXIT.ok);
    const forced = await run([
      '--username',
      'forced_cli',
      '--email',
      'forced_cli@tunnelscope.example',
      '--must-change-password',
    ]);
    expect(forced.code).toBe(EXIT.ok);
    expect(forced.out).toContain('A new password must be chosen at first sign-in.');
    const rows = await db
      .selectFrom('admin_users')
      .select(['username', 'must_change_password'])
      .where('username', 'in', ['plain_cli', 'forced_cli'])
      .orderBy('username')
      .execute();
    expect(rows).toEqual([
      { username: 'forced_cli', must_change_password: true },
      { username: 'plain_cli', must_change_password: false },
    ]);
    expect(USAGE).toContain('[--must-change-password]');
  });

  it('creates a view_only account with --role', async () => {
    const { code } = await run([
      '--username',
      'viewer_one',
      '--email',
      'viewer1@tunnelscope.example',
      '--role',
      'view_only',
    ]);
    expect(code).toBe(EXIT.ok);
    const row = await db
      .selectFrom('admin_users')
      .select('role')
      .where('username', '=', 'viewer_one')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('view_only');
  });

  it('refuses a username or e-mail already taken (any case) with exit code 3 and creates nothing', async () => {
    await run(['--username', 'taken_name', '--email', 'taken@tunnelscope.example']);
    const byName = await run(['--username', 'TAKEN_NAME', '--email', 'other@tunnelscope.example']);
    expect(byName.code).toBe(EXIT.conflict);
    expect(byName.err.join('\n')).toContain(ADMIN_MESSAGES.usernameTaken);
    expect(byName.out).toEqual([]);
    const byEmail = await run(['--username', 'other_name', '--email', 'Taken@TunnelScope.example']);
    expect(byEmail.code).toBe(EXIT.conflict);
    expect(byEmail.err.join('\n')).toContain(ADMIN_MESSAGES.emailTaken);
    const count = await db
      .selectFrom('admin_users')
      .select('id')
      .where('username', 'in', ['TAKEN_NAME', 'other_name'])
      .execute();
    expect(count).toHaveLength(0);
  });

  it.each([
    ['no arguments', [], '--username is required'],
    ['a missing e-mail', ['--username', 'someone'], '--email is required'],
    [
      'a short username',
      ['--username', 'ab', '--email', 'ab@tunnelscope.example'],
      ADMIN_MESSAGES.usernameTooShort,
    ],
    [
      'a bad username',
      ['--username', 'bad name', '--email', 'x@tunnelscope.example'],
      ADMIN_MESSAGES.usernameCharacters,
    ],
    ['a bad e-mail', ['--username', 'someone', '--email', 'not-an-email'], 'Valid email address is required'],
    [
      'an unknown role',
      ['--username', 'someone', '--email', 's@tunnelscope.example', '--role', 'root'],
      '--role',
    ],
    [
      'an unknown option',
      ['--username', 'someone', '--email', 's@tunnelscope.example', '--admin'],
      "Unknown option '--admin'",
    ],
  ])('refuses %s with exit code 2, the reason and the usage', async (_label, argv, reason) => {
    const { code, err, out } = await run(argv);
    expect(code).toBe(EXIT.usage);
    expect(err.join('\n')).toContain(reason);
    expect(err.at(-1)).toBe(USAGE);
    expect(out).toEqual([]);
  });

  it('takes the password from standard input with --password-stdin, checks the policy, and prints no password', async () => {
    const weak = await run(
      ['--username', 'scripted', '--email', 'scripted@tunnelscope.example', '--password-stdin'],
      {
        stdin: 'weakpassword\n',
      },
    );
    expect(weak.code).toBe(EXIT.usage);
    expect(weak.err.join('\n')).toContain(ADMIN_MESSAGES.passwordPolicy);

    const ok = await run(
      ['--username', 'scripted', '--email', 'scripted@tunnelscope.example', '--password-stdin'],
      {
        stdin: 'Scripted-Passw0rd!\n',
      },
    );
    expect(ok.code).toBe(EXIT.ok);
    expect(ok.out.join('\n')).not.toContain('Scripted-Passw0rd!');
    const row = await db
      .selectFrom('admin_users')
      .select('password_hash')
      .where('username', '=', 'scripted')
      .executeTakeFirstOrThrow();
    expect(await argon2.verify(row.password_hash, 'Scripted-Passw0rd!')).toBe(true);
  });

  it('says to run the migrations when the tables are missing (exit code 1)', async () => {
    const empty = await createTestDatabase('auth_cli_empty');
    try {
      const { code, err } = await run(['--username', 'someone', '--email', 's@tunnelscope.example'], {
        env: { DATABASE_URL: empty.url },
      });
      expect(code).toBe(EXIT.failure);
      expect(err.join('\n')).toContain('pnpm db:migrate');
    } finally {
      await empty.drop();
    }
  });

  it('refuses a configuration that is not a postgres URL (exit code 2)', async () => {
    const { code, err } = await run(['--username', 'someone', '--email', 's@tunnelscope.example'], {
      env: { DATABASE_URL: 'mysql://localhost/x' },
    });
    expect(code).toBe(EXIT.usage);
    expect(err.join('\n')).toContain('DATABASE_URL');
  });

  it('runs as a command: prints the password and exits 0, or exits 3 for a name already taken', async () => {
    const runEntry = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
          cwd: serviceRoot,
          env: {
            PATH: process.env.PATH ?? '',
            DATABASE_URL: database.url,
            ARGON2_MEMORY_KIB: '1024',
            ARGON2_TIME_COST: '1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
    await run(['--username', 'spawn_taken', '--email', 'spawn_taken@tunnelscope.example']);
    // Both at once: each process pays for its own start-up.
    const [first, second] = await Promise.all([
      runEntry(['--username', 'spawned', '--email', 'spawned@tunnelscope.example']),
      runEntry(['--username', 'spawn_taken', '--email', 'spawned2@tunnelscope.example']),
    ]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const password = first.stdout.trim().split('\n').at(-1)!;
    expect(passwordField.safeParse(password).success).toBe(true);
    expect(second.code).toBe(3);
    expect(second.stderr).toContain(ADMIN_MESSAGES.usernameTaken);
    expect(second.stdout).toBe('');
  }, 60_000);
});
