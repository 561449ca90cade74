#!/bin/sh
# Runs a TypeScript entry point with the project's own Node 22 (tsx loader).
# Usage: sh scripts/run.sh <entry.ts> [args...]
set -e
. "$(dirname -- "$0")/ensure-deps.sh"
exec "$NODE" --enable-source-maps --import tsx "$@"
