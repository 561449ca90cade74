#!/bin/sh
# `npm test`: type check, lint, then jest against the real PostgreSQL and a
# Temporal dev server started once for the run (see test/support/global-setup.ts).
set -e
. "$(dirname -- "$0")/ensure-deps.sh"
echo "[test] node $("$NODE" -v), type check..." >&2
"$NODE" node_modules/typescript/bin/tsc --noEmit -p tsconfig.json
echo "[test] lint..." >&2
"$NODE" node_modules/eslint/bin/eslint.js --max-warnings=0 .
echo "[test] ensuring the Temporal CLI..." >&2
TEMPORAL_CLI_PATH=$("$NODE" --import tsx scripts/ensure-temporal.ts)
export TEMPORAL_CLI_PATH
NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning ${NODE_OPTIONS:-}" \
  exec "$NODE" node_modules/jest/bin/jest.js "$@"
