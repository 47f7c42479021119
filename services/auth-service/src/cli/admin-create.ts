// `node dist/cli/admin-create.js --username U --email E [--role admin|view_only] [--password-stdin]`
// (the root's `pnpm admin:create`): see admin-create-command.ts.
import { runAdminCreate } from './admin-create-command.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

process.exitCode = await runAdminCreate(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readStdin,
});
