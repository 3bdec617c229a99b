#!/usr/bin/env bash
# Runs every test of Tabula: clippy on the whole workspace with warnings as errors (so every
# public item of a library crate is documented), the Rust workspace (unit, rule, perft,
# harness, CLI and server tests), the browser end-to-end tests and the Python package's
# tests (pytest, with the PettingZoo, OpenSpiel and Ray extras). This is the command the
# README gives and CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# The store tests run on PostgreSQL too (each test makes its own database there); they fail,
# saying how to start it, when it does not answer (scripts/postgres.sh starts or installs it).
export TABULA_TEST_PG="${TABULA_TEST_PG:-postgres://postgres@127.0.0.1:5432/test}"

# One build serves every stage (the `dev` profile, which `test` inherits: Cargo.toml): without
# incremental compilation, whose caches a from-scratch build only pays for.
export CARGO_INCREMENTAL=0
# The guide's example game (examples/tic-tac-toe) is a workspace of its own, built as a crate
# outside Tabula's repository is; it shares this target directory, so that the dependencies
# both build alike are compiled once.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
OUTSIDE=examples/tic-tac-toe/Cargo.toml
# It resolves its dependencies to the versions this workspace's Cargo.lock pins (its own lock
# file, not kept in git, starts as a copy; cargo drops what it does not use, offline).
cp Cargo.lock examples/tic-tac-toe/Cargo.lock

# Each stage's wall time, printed at the end (and when a stage fails).
STAGES=()
STAGE_NAME=""
STAGE_START=$SECONDS
stage() {
  if [ -n "$STAGE_NAME" ]; then STAGES+=("$STAGE_NAME: $((SECONDS - STAGE_START)) s"); fi
  STAGE_NAME="$1"
  STAGE_START=$SECONDS
  if [ -n "$1" ]; then echo "== $1"; fi
}
print_times() {
  stage ""
  echo "== Stage times"
  printf '  %s\n' "${STAGES[@]}"
  echo "  total: $SECONDS s"
}
trap print_times EXIT

stage "Lints (warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo clippy --manifest-path "$OUTSIDE" --all-targets --offline -- -D warnings

stage "Rust tests"
# Libraries, binaries, integration tests and doc tests; the examples (benchmarks and
# measurements) are left out: clippy, above, has checked that they compile.
cargo test --workspace --locked --lib --bins --tests
cargo test --workspace --locked --doc
# The example game exactly as docs/adding-a-game.md builds it: harness, perft, searches, its
# own binary's `play`, `match` and `show`, the server, and the guide's quotes.
cargo test --manifest-path "$OUTSIDE" --offline

if [ -f web/tests/package.json ]; then
  stage "Browser end-to-end tests"
  bash scripts/e2e.sh
fi

# Last: maturin builds the package with the interpreter it found, whose settings the
# bindings' build scripts read, so the Rust builds above would start over after it.
stage "Python package"
# Built into a virtual environment with the dev profile (the tests' settings; the benchmark,
# python/bench/bench.py, wants `pip install ./python`, a release build). The `test` profile
# cannot be named: `cargo rustc --profile test` makes a test executable. The extras come from
# PyPI once.
PYENV="${CARGO_TARGET_DIR:-target}/pyenv"
[ -x "$PYENV/bin/python" ] || python3 -m venv "$PYENV"
MATURIN_PEP517_ARGS="--profile dev" "$PYENV/bin/pip" install --quiet "./python[test,pettingzoo,openspiel,ray]"
"$PYENV/bin/python" -m pytest -q python/tests
