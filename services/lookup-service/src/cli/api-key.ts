// `node dist/cli/api-key.js <create|list|revoke|rotate> [options]` (the root's `pnpm api-key:*`):
// see api-key-command.ts.
import { runApiKeyCommand } from './api-key-command.js';

const [command = '', ...rest] = process.argv.slice(2);
process.exitCode = await runApiKeyCommand(command, rest, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
