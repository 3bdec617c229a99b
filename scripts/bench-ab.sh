#!/usr/bin/env bash
# Compares two release binaries of tabula on the same fixed matches by instructions executed
# (valgrind's callgrind), which a loaded machine does not disturb the way it disturbs timings.
#   bash scripts/bench-ab.sh OLD_BINARY NEW_BINARY
# Prints one row per game and bot: instructions with each binary and their ratio.
set -euo pipefail
old=$1 new=$2
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
count() { # binary game bots games
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" match "$2" --bots "$3" \
    --games "$4" --threads 1 --seed 1 --random-setup 2>&1 >/dev/null |
    awk '/Collected/ { gsub(",", "", $4); print $4 }'
}
seats() { # game spec -> the spec once per seat of the game's default table
  local n=2; [ "$1" = china-moon ] && n=4
  printf "$2,%.0s" $(seq $n) | sed 's/,$//'
}
echo "| game | bots | games | instructions before | after | after/before |"
echo "|---|---|---:|---:|---:|---:|"
for game in toumai khan-tsin china-moon magical-circle connect-four; do
  runs=("random 100" "mcts:iterations=200 2")
  # Connect Four's games are short: more of them, so that start-up does not dominate.
  [ "$game" = connect-four ] && runs=("random 20000" "mcts:iterations=2000 20")
  for run in "${runs[@]}"; do
    set -- $run
    bots=$(seats "$game" "$1")
    a=$(count "$old" "$game" "$bots" "$2") b=$(count "$new" "$game" "$bots" "$2")
    echo "| $game | $1 | $2 | $a | $b | $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", b / a }') |"
  done
done
