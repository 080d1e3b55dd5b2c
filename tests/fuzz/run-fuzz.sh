#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# run-fuzz.sh [SECONDS]: builds the libFuzzer harnesses of tests/fuzz with
# clang (ASan + UBSan on all the project's code, libFuzzer linked into the
# harnesses) in build-fuzz, then runs each for SECONDS (default 600) on a
# working corpus build-fuzz/corpus/<harness>, started from the committed
# seeds. Findings go to build-fuzz/artifacts/<harness>/; copy each into
# tests/fuzz/regressions/<harness>/ so that `meson test` replays it.
# Prints one line per harness and exits non-zero when any found something.
#
# FUZZ_JOBS=2        run two harnesses at a time (default 1)
# FUZZ_HARNESSES=".."  only these (default: all of them)
# FUZZ_BUILD=dir     another build folder (default build-fuzz)
set -u

seconds=${1:-600}
jobs=${FUZZ_JOBS:-1}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=${FUZZ_BUILD:-$src/build-fuzz}
harnesses=${FUZZ_HARNESSES:-"parse format puzzle-id move import opensudoku saved-game"}

case $seconds in
  ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac

sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
if [ ! -f "$build/build.ninja" ]; then
  CC=clang \
  CFLAGS="-fsanitize=fuzzer-no-link $sanitizers -fno-omit-frame-pointer" \
  LDFLAGS="$sanitizers" \
  meson setup "$build" "$src" -Dui=false -Dfuzzing=true -Db_lundef=false \
    || { echo "run-fuzz.sh: could not configure $build" >&2; exit 1; }
fi
targets=()
for h in $harnesses; do targets+=("fuzz-$h"); done
meson compile -C "$build" "${targets[@]}" || { echo "run-fuzz.sh: build failed" >&2; exit 1; }

mkdir -p "$build/logs"

run_one () {
  local h=$1
  local corpus=$build/corpus/$h artifacts=$build/artifacts/$h log=$build/logs/$h.log
  local stamp=$build/logs/$h.stamp dict=()

  mkdir -p "$corpus" "$artifacts"
  cp -n "$here/seeds/$h"/* "$corpus"/ 2>/dev/null
  [ -f "$here/$h.dict" ] && dict=(-dict="$here/$h.dict")
  touch "$stamp"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS=suppressions=$src/tests/lsan.supp \
  G_DEBUG=gc-friendly GSETTINGS_BACKEND=memory \
  nice -n 19 "$build/tests/fuzz/fuzz-$h" \
    -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" "${dict[@]}" "$corpus" >"$log" 2>&1
  echo $? >"$build/logs/$h.status"
}

summarize () {
  local h=$1
  local log=$build/logs/$h.log status execs rate cov ft corpus found
  status=$(cat "$build/logs/$h.status" 2>/dev/null || echo '?')
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  corpus=$(find "$build/corpus/$h" -type f | wc -l)
  found=$(find "$build/artifacts/$h" -type f -newer "$build/logs/$h.stamp" | wc -l)
  printf 'fuzz-%-11s %6ss  execs %-10s exec/s %-7s cov %-6s ft %-7s corpus %-6s crashes %s%s\n' \
    "$h" "$seconds" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$corpus" "$found" \
    "$([ "$status" != 0 ] && echo "  (exit $status, see $log)")"
  [ "$status" = 0 ] && [ "$found" = 0 ]
}

running=0
for h in $harnesses; do
  run_one "$h" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=0
for h in $harnesses; do
  summarize "$h" || failed=1
done
for h in $harnesses; do
  for f in $(find "$build/artifacts/$h" -type f -newer "$build/logs/$h.stamp"); do
    echo "finding: $f"
  done
done
exit $failed
