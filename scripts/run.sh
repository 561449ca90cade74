#!/bin/sh
# Runs a TypeScript entry point with the project's own Node 22 (tsx loader).
# Usage: sh scripts/run.sh <entry.ts> [args...]
set -e
. "$(dirname -- "$0")/ensure-deps.sh"
# The media role (alone or inside dev) runs without V8's memory reducer: at a few % CPU the process looks idle
# to V8, which then runs a full GC every second or so to shrink the heap, and each one stalled every call's
# 20 ms RTP clock by 10-30 ms (docs/decisions/0028). It has to be a command-line flag: set at run time it
# has no effect.
flags=""
if [ "$1" = src/main.ts ]; then
  case "$2" in
    media | dev)
      flags="--no-memory-reducer"
      # Real calls speak with espeak-ng or flite (through sox) and listen with pocketsphinx; the demo call uses sipp.
      . "$(dirname -- "$0")/ensure-packages.sh"
      ensure_packages "real calls (the media runtime)" espeak-ng flite sox pocketsphinx pocketsphinx-en-us sip-tester
      ;;
  esac
fi
# The API serves the console (dashboard-app, built by Vite when its sources changed: a no-op otherwise).
if [ "$1" = src/main.ts ]; then
  case "$2" in
    serve | dev) "$NODE" --import tsx scripts/build-dashboard.ts ;;
  esac
fi
if [ "$1" = bench/run.ts ]; then
  . "$(dirname -- "$0")/ensure-packages.sh"
  # The conversation bench's capacity probe reads the agent's packets on the wire (bench/wire-capture.ts).
  ensure_packages "the benchmarks' packet capture" tcpdump
fi
if [ "$1" = scripts/shape.ts ]; then
  . "$(dirname -- "$0")/ensure-packages.sh"
  # The load balancer, and the media processes' speech (espeak-ng through sox, pocketsphinx).
  ensure_packages "the production shape" haproxy espeak-ng flite sox pocketsphinx pocketsphinx-en-us sip-tester
fi
# shellcheck disable=SC2086 # empty or one flag
exec "$NODE" --enable-source-maps $flags --import tsx "$@"
