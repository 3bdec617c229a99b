#!/usr/bin/env bash
# Runs every test of Tabula: clippy on the whole workspace with warnings as errors (so every
# public item of a library crate is documented), the Rust workspace (unit, rule, perft,
# harness, CLI and server tests) and the browser end-to-end tests. This is the command the
# README gives and CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# The store tests run on PostgreSQL too (each test makes its own database there); they fail,
# saying how to start it, when it does not answer (scripts/postgres.sh starts or installs it).
export TABULA_TEST_PG="${TABULA_TEST_PG:-postgres://postgres@127.0.0.1:5432/test}"

echo "== Lints (warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== Rust tests"
cargo test --workspace --locked

if [ -f web/tests/package.json ]; then
  echo "== Browser end-to-end tests"
  bash scripts/e2e.sh
fi
