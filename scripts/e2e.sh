#!/usr/bin/env bash
# Browser end-to-end tests of Tabula's web UI: playwright-core (npm, pinned in
# web/tests/package-lock.json) drives Debian's chromium (installed with apt-get when missing;
# no browser download) against a real `tabula serve` on a free port with a throwaway database.
# Usage: bash scripts/e2e.sh [test files…]   (default: every web/tests/*.test.mjs)
# Screenshots of every board land in web/tests/screenshots/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

# 1. Chromium from the distribution.
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  echo "== Installing chromium with apt-get"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
export CHROMIUM

# Node 20 or newer runs the tests (node --test); npm installs playwright-core.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "== Installing nodejs and npm with apt-get"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
fi
NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]')
if [ "$NODE_MAJOR" -lt 20 ]; then
  echo "the browser tests need Node.js 20 or newer (found $(node --version))" >&2
  exit 1
fi

# 2. The test dependencies: playwright-core (it never downloads a browser by itself) and
# axe-core (the accessibility rules run inside the pages).
echo "== npm ci (web/tests)"
(cd web/tests && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)

# 3. The binary, with the web UI embedded.
echo "== Building tabula"
# Built exactly as scripts/test.sh builds the Rust tests (the same command, so the same
# features and profile, without incremental compilation): after it, nothing is compiled
# again. `cargo build --bin tabula` would build the dependencies a second time, with the
# features of the binary alone.
CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}" cargo test --workspace --locked --lib --bins --tests --no-run
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
TABULA="$TARGET_DIR/debug/tabula"
# The guide's example game, a crate outside the workspace with its own binary
# (outside-game.test.mjs serves it); built as scripts/test.sh builds it.
[ -f examples/tic-tac-toe/Cargo.lock ] || cp Cargo.lock examples/tic-tac-toe/Cargo.lock
CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}" CARGO_TARGET_DIR="$TARGET_DIR" \
  cargo test --manifest-path examples/tic-tac-toe/Cargo.toml --offline --no-run
export TABULA_OUTSIDE_BIN="$TARGET_DIR/debug/tabula-tic-tac-toe"

# 4. A server on a free port, with a temporary database.
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
# The tests are one client making many matches: the per-client creation limit is raised. The
# operator's token (read by `tabula serve` and by the reports page's test) is made up here.
export TABULA_OPERATOR_TOKEN="e2e-operator-$RANDOM$RANDOM"
"$TABULA" serve --addr 127.0.0.1:0 --db "$WORK/e2e.db" \
  --creations-per-minute 100000 --creation-burst 100000 >"$WORK/stdout" 2>"$WORK/server.log" &
SERVER_PID=$!
URL=""
for _ in $(seq 1 100); do
  URL=$(grep -o 'http://[0-9.:]*' "$WORK/stdout" | head -n 1 || true)
  [ -n "$URL" ] && break
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "tabula serve exited early:" >&2
    cat "$WORK/server.log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$URL" ]; then
  echo "tabula serve did not say where it listens" >&2
  cat "$WORK/server.log" >&2
  exit 1
fi
echo "== Server at $URL"

# 5. The UI's modules stay ES modules wherever the clone sits: web/package.json says so even
# under a folder whose package.json declares CommonJS. The unit tests run from such a copy.
echo "== Unit tests from a copy of web/ under a CommonJS package"
mkdir -p "$WORK/cjs"
echo '{"type": "commonjs", "private": true}' >"$WORK/cjs/package.json"
tar -cf - --exclude=node_modules --exclude=screenshots web | tar -xf - -C "$WORK/cjs"
node --test --test-reporter=dot "$WORK/cjs/web/tests/unit.test.mjs"

# 6. The tests, one file at a time (each file drives one browser).
cd web/tests
# Every test file unless some are named: a new file runs without being listed here.
if [ "$#" -gt 0 ]; then FILES=("$@"); else FILES=(*.test.mjs); fi
START=$(date +%s)
STATUS=0
TABULA_URL="$URL" TABULA_BIN="$TABULA" node --test --test-concurrency=1 --test-reporter=spec "${FILES[@]}" || STATUS=$?
echo "== End-to-end tests took $(( $(date +%s) - START )) s (screenshots in web/tests/screenshots/)"
if [ "$STATUS" -ne 0 ]; then
  echo "== Server log (last 40 lines)" >&2
  tail -n 40 "$WORK/server.log" >&2 || true
fi
exit "$STATUS"
