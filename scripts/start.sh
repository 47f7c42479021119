#!/usr/bin/env bash
# The product, on one machine: installs and builds what is missing, migrates, then runs the
# gateway, the services and the mail worker in the foreground until Ctrl-C.
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
pnpm turbo run build --output-logs=errors-only
exec node scripts/start.mjs "$@"
