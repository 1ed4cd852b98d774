#!/usr/bin/env bash
# The web page in a real browser: builds it (scripts/web.sh), serves web/dist on 127.0.0.1
# with its precompressed files (scripts/serve.py), and runs web/test/browser.mjs in headless
# Chromium (Debian's chromium, driven by playwright-core from npm; both installed once per
# machine when missing). Writes screenshots/web.png. Exit status 0 when every check passed.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v node >/dev/null || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
[ -d web/test/node_modules/playwright-core ] || npm --prefix web/test ci --no-audit --no-fund --silent
[ "${SKIP_BUILD:-}" = 1 ] || scripts/web.sh
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The precompressed files, as a server configured per docs/web.md sends them.
python3 scripts/serve.py web/dist "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/index.html')" 2>/dev/null && break
  sleep 0.1
done
BASE="http://127.0.0.1:$port" DATA="$(cd .. && pwd)/shared/data" node web/test/browser.mjs
