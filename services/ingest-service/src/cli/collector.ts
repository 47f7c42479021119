// `node dist/cli/collector.js <create|list|revoke> [options]` (the root's `pnpm collector:*`):
// see collector-command.ts.
import { runCollectorCommand } from './collector-command.js';

const [command = '', ...rest] = process.argv.slice(2);
process.exitCode = await runCollectorCommand(command, rest, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
