#!/bin/sh
# Regenerates the built-in collections from fixed seeds with nonet-cli, so
# every puzzle here can be made again from its ID (the #D line).
# Usage: data/collections/make-collections.sh build/src/cli/nonet-cli
set -eu
# 6-classics.sdk is written by hand (Arto Inkala's 2012 puzzle).
cli=${1:?usage: make-collections.sh path/to/nonet-cli}
dir=$(dirname "$0")

# collection file, title, grade, then clue targets: 12 puzzles at each target.
make () {
  out=$1 title=$2 grade=$3
  shift 3
  tmp="$dir/$out.tmp"
  : > "$tmp"
  seed=1
  for clues in "$@"; do
    "$cli" generate -n 12 --clues "$clues" --difficulty "$grade" --seed "$seed$clues" \
      --symmetry rotate-180 --timeout 120 --format sdk --with-ids >> "$tmp"
    seed=$((seed + 1))
  done
  # A title for each puzzle: "#TEasy 1", "#TEasy 2", ...
  awk -v name="$title" '/^#A/ { n++; print "#T" name " " n } { print }' "$tmp" > "$dir/$out.sdk"
  rm "$tmp"
}

make 1-easy Easy easy 36 34 32 30 28
make 2-medium Medium medium 30 28 26 25 24
make 3-hard Hard hard 28 26 25 24 23
make 4-expert Expert expert 28 26 25 24 23
make 5-extreme Extreme extreme 28 26 25 24 22
