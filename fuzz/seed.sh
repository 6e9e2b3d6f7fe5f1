#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/, not checked in) from fixtures/ and
# the kept regressions. Run from anywhere: bash fuzz/seed.sh
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/parse corpus/roundtrip corpus/solve
n=0
for f in $(find ../fixtures -type f -not -name '*.expected' | sort); do
  n=$((n + 1))
  # parse and roundtrip: the first byte picks the format (0 auto, 1 boj,
  # 2 leetcode, 3 line, 4 json, 5 grid).
  for p in 0 1 2 3 4 5; do
    { printf "\\x$(printf %02x "$p")"; cat "$f"; } > "corpus/parse/seed-$n-$p"
  done
  { printf '\x00'; cat "$f"; } > "corpus/roundtrip/seed-$n"
done
# solve: 81 cells, one per byte (1-9 a digit, anything else blank).
find ../fixtures -type f -exec grep -hoE '^[0-9.]{81}' {} + | sort -u | while read -r line; do
  printf '%s' "$line" > "corpus/solve/$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
done
# parse: long runs of brackets, braces, quotes and declarations (first byte
# 0, auto), where a scan that looks again at what it has read shows: run the
# target with a timeout well under a second per input, e.g.
#   cargo fuzz run parse -- -timeout=1 -report_slow_units=1
# (the tests bound the same scans by counting; see src/format/bounds_tests.rs).
# run: UNIT repeated to LENGTH bytes.
run() {
  local s=$1
  while [ ${#s} -lt "$2" ]; do s=$s$s; done
  printf '%s' "${s:0:$2}"
}
runs=0
for unit in '[' ']' '{' '}' '"' "'" '[ ' '["' "{'" 'a=' 'b[' '\"'; do
  runs=$((runs + 1))
  { printf '\x00'; run "$unit" 65536; } > "corpus/parse/long-run-$runs"
done
{ printf '\x00'; run '[' 32768; run ']' 32768; } > corpus/parse/long-run-brackets
{ printf '\x00'; run '{' 32768; run '}' 32768; } > corpus/parse/long-run-braces
echo "seeded from $n fixture files and $((runs + 2)) long runs"
