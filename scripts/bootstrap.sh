#!/usr/bin/env bash
# Sourced by start.sh and test.sh: makes a fresh machine of ours (Node 20, PostgreSQL and Redis
# installed) ready — pnpm through corepack, dependencies, and the two servers running.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# corepack's signature check fails against this registry mirror; the version is pinned anyway.
export COREPACK_INTEGRITY_KEYS=0
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm -v 2>/dev/null)" != "10.34.9" ]; then
  mkdir -p "$ROOT/.tmp/bin"
  corepack enable --install-directory "$ROOT/.tmp/bin" pnpm
  export PATH="$ROOT/.tmp/bin:$PATH"
fi

pnpm install --frozen-lockfile --reporter=append-only 2>&1 | tail -n 3

ensure_postgres() {
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then return; fi
  echo "bootstrap: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && return; sleep 1; done
  echo "bootstrap: PostgreSQL did not start" >&2; exit 1
}
ensure_redis() {
  if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then return; fi
  echo "bootstrap: starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && return; sleep 1; done
  echo "bootstrap: Redis did not start" >&2; exit 1
}
# Browser tests drive Debian's Chromium (playwright cannot download its own build here).
ensure_chromium() {
  if command -v chromium >/dev/null 2>&1; then return; fi
  echo "bootstrap: installing chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
}
if [ "${BOOTSTRAP_BROWSER:-1}" = "1" ]; then ensure_chromium; fi
# tests/k8s renders deploy/k8s with kubectl's built-in kustomize (v5; Debian's kubernetes-client is
# 1.20, too old for it, and nothing else we reach ships one): our machine image has it. Say so
# up front rather than as a failing suite.
if ! command -v kubectl >/dev/null 2>&1; then
  echo "bootstrap: kubectl (>= 1.27, with kustomize v5) is not on PATH: tests/k8s will fail" >&2
fi

# Only start local servers when the configuration points at this machine's defaults.
case "${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/}" in *@127.0.0.1:5432/*|*@localhost:5432/*) ensure_postgres ;; esac
case "${REDIS_URL:-redis://127.0.0.1:6379}" in redis://127.0.0.1:6379*|redis://localhost:6379*) ensure_redis ;; esac
