#!/bin/sh
# Installs the Debian packages a command needs, when some are missing and we can (root with apt);
# otherwise says what to install and goes on (what needs them fails saying so). POSIX sh; sourced.
# Usage: ensure_packages "<what they are for>" package...
ensure_packages() {
  why=$1
  shift
  missing=""
  for package in "$@"; do
    case "$package" in
      chromium) [ -x /usr/bin/chromium ] ;;
      radicale) command -v radicale >/dev/null 2>&1 ;;
      sip-tester) command -v sipp >/dev/null 2>&1 ;;
      espeak-ng) command -v espeak-ng >/dev/null 2>&1 ;;
      pocketsphinx) command -v pocketsphinx_continuous >/dev/null 2>&1 ;;
      pocketsphinx-en-us) [ -d /usr/share/pocketsphinx/model/en-us ] ;;
      sox) command -v sox >/dev/null 2>&1 ;;
      docker-compose) command -v docker-compose >/dev/null 2>&1 ;;
      *) dpkg -s "$package" >/dev/null 2>&1 ;;
    esac || missing="$missing $package"
  done
  [ -n "$missing" ] || return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "[setup] installing Debian's$missing for $why..." >&2
    # shellcheck disable=SC2086 # one word per package
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing) >/dev/null 2>&1 && return 0
  fi
  echo "[setup] could not install$missing ($why): apt-get install$missing" >&2
}
