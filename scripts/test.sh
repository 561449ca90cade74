#!/bin/sh
# `npm test`: type check, lint, then jest against the real PostgreSQL and a
# Temporal dev server started once for the run (see test/support/global-setup.ts).
set -e
. "$(dirname -- "$0")/ensure-deps.sh"
echo "[test] node $("$NODE" -v), type check..." >&2
"$NODE" node_modules/typescript/bin/tsc --noEmit -p tsconfig.json
echo "[test] the console: build (Vite) and type check..." >&2
"$NODE" --import tsx scripts/build-dashboard.ts --keep-types
"$NODE" node_modules/typescript/bin/tsc -p dashboard-app/tsconfig.json
echo "[test] lint..." >&2
"$NODE" node_modules/eslint/bin/eslint.js --max-warnings=0 .
echo "[test] format (prettier; npm run format rewrites)..." >&2
"$NODE" node_modules/prettier/bin/prettier.cjs --check --log-level warn "**/*.{ts,tsx,js,mjs,cjs,css}"
# Debian packages the tests drive: Chromium (the browser test, skipped without it), Radicale (the CalDAV
# integration tests), and for the media runtime sipp (package sip-tester), espeak-ng, flite, pocketsphinx with its
# US English model, and sox; docker-compose (it checks docker-compose.yml); tests that need one fail saying how.
. "$(dirname -- "$0")/ensure-packages.sh"
ensure_packages "the browser, CalDAV, real-call, compose-file and production-shape tests" chromium radicale sip-tester espeak-ng flite pocketsphinx pocketsphinx-en-us sox docker-compose haproxy
echo "[test] ensuring the Temporal CLI and the Temporal server..." >&2
TEMPORAL_CLI_PATH=$("$NODE" --import tsx scripts/ensure-temporal.ts --server)
export TEMPORAL_CLI_PATH
echo "[test] ensuring the S3-compatible server (versitygw)..." >&2
S3_SERVER_PATH=$("$NODE" --import tsx scripts/ensure-s3-server.ts)
export S3_SERVER_PATH
NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning ${NODE_OPTIONS:-}"
export NODE_OPTIONS
if [ "$#" -gt 0 ]; then
  exec "$NODE" node_modules/jest/bin/jest.js "$@"
fi
# The whole suite runs in two phases. The real-time call tests hold 20 ms-paced audio, speech recognition of
# streamed audio and barge-in within 60 ms: test/media (SIP/RTP calls) and the calls over carriers' media streams
# and from the browser (test/telephony/*-stream, test/e2e/talk-browser). On a 2-core machine they run one file at a
# time, after the rest, rather than beside another suite's Temporal workflows and browser. So does the production
# shape (test/shape/production-shape.test.ts: a Temporal server, two API processes, two workers and HAProxy of its
# own). They run in one jest worker process, not in jest's own (which also does the reporting), and that worker is
# replaced once its heap passes 500 MB after a file: the call tests run the media runtime in the test's process,
# where a large heap's garbage collections stall the 20 ms clock for a quarter of a second and more (decision 0066).
# The closing line adds up both phases.
REALTIME='/test/media/|/test/shape/production-shape|/test/telephony/[a-z]+-stream|/test/e2e/talk-browser'
TEST_SUMMARY_FILE=$(mktemp)
export TEST_SUMMARY_FILE
status=0
"$NODE" node_modules/jest/bin/jest.js --testPathIgnorePatterns "$REALTIME" || status=$?
echo "[test] the real-time call tests and the production shape, one file at a time..." >&2
"$NODE" node_modules/jest/bin/jest.js --maxWorkers=1 --workerIdleMemoryLimit=500MB "$REALTIME" || status=$?
awk '{ p += $1; f += $2; s += $3 } END { printf "\n%d passed, %d failed%s\n", p, f, (s ? sprintf(", %d skipped", s) : "") }' "$TEST_SUMMARY_FILE"
rm -f "$TEST_SUMMARY_FILE"
exit "$status"
