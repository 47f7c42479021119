/**
 * Issue 13 item 16, the CI setting: a fixed-seed fuzz of every public and admin endpoint through
 * the built stack (gateway and every service on real PostgreSQL and Redis). The property, for
 * every case: no 5xx, no stack trace or internal path in the body, a refusal in its API's
 * documented shape, and no stored row changed by a refused request. The benchmark setting
 * (`pnpm --filter @tunnelscope/bench fuzz`) runs the same at 10,000 cases and more.
 */
import { runFuzz, startFuzzStack, summariseFindings, type FuzzReport, type FuzzStack } from '../src/index.js';

/**
 * Fixed: the same cases every run (the ids of stored rows they target aside). The same run at
 * the bench: `FUZZ_SEED=20261125 FUZZ_CASES=300 FUZZ_CONCURRENCY=1 pnpm --filter @tunnelscope/bench fuzz`.
 */
const SEED = 20261125;
const CASES = 500;

describe('fuzzing every public and admin endpoint through the stack', () => {
  let fs: FuzzStack;
  let report: FuzzReport;

  beforeAll(async () => {
    fs = await startFuzzStack('fuzz_ci');
    report = await runFuzz(fs, { seed: SEED, cases: CASES });
  }, 900_000);
  afterAll(async () => fs?.close());

  it('sends every case and reaches every endpoint', () => {
    expect(report.cases + report.unsendable).toBe(CASES);
    const unreached = Object.entries(report.perEndpoint)
      .filter(([, f]) => f.cases === 0)
      .map(([name]) => name);
    expect(unreached).toEqual([]);
  });

  it('answers no case with a 5xx, a leak, a refusal out of shape, or a changed row on refusal', () => {
    // The whole list on failure: each line is a reproduction (method, path, headers, body).
    expect(summariseFindings(report.findings)).toEqual([]);
  });
});
