// Writes each jest run's totals to $TEST_RESULTS_DIR so .ci/run can print one summed line.
import fs from 'node:fs';
import path from 'node:path';

export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const dir = process.env.TEST_RESULTS_DIR;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    const name = path.basename(process.cwd()) + '-' + process.pid + '.json';
    const summary = {
      cwd: process.cwd(),
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    fs.writeFileSync(path.join(dir, name), JSON.stringify(summary));
  }
}
