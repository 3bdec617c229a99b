#!/usr/bin/env bash
# Runs every test of Tabula: the Rust workspace (unit, rule, perft, harness, CLI and server
# tests) and the browser end-to-end tests. This is the command the README gives and CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Rust tests"
cargo test --workspace --locked

if [ -f web/tests/package.json ]; then
  echo "== Browser end-to-end tests"
  bash scripts/e2e.sh
fi
