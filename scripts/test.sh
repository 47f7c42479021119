#!/usr/bin/env bash
# Every check and every test suite; ends with one line `N passed, N failed`.
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

status=0
pnpm turbo run build --output-logs=errors-only || status=1
pnpm turbo run lint typecheck --output-logs=errors-only || status=1
pnpm prettier --check . --log-level=warn || status=1

export TEST_RESULTS_DIR="$ROOT/.tmp/test-results"
rm -rf "$TEST_RESULTS_DIR"
# Unit tests need nothing but Node: two packages at once. Integration suites share Postgres and
# Redis, and the browser suites start the whole stack: one package at a time.
pnpm turbo run test --concurrency=2 --continue --output-logs=errors-only || status=1
pnpm turbo run test:int --concurrency=1 --continue || status=1
pnpm turbo run test:e2e --concurrency=1 --continue || status=1

read -r passed failed < <(node -e '
  const fs = require("fs"), path = require("path");
  const dir = process.argv[1];
  let p = 0, f = 0;
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const r = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    p += r.passed; f += r.failed;
  }
  console.log(p, f);
' "$TEST_RESULTS_DIR")
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi # a build, lint or crashed suite
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
