#!/usr/bin/env bash
# Records what a sudokit binary prints (standard output, standard error, exit
# status) for every command over the fixtures and a mixed file of benchmark
# puzzles, so that two builds can be compared byte for byte:
#
#   tests/same-output.sh OLD-BINARY old/ && tests/same-output.sh NEW-BINARY new/
#   diff -r old/ new/
#
# Figures that change from run to run (elapsed time, rates, µs) are masked.
# The benchmark puzzles come from ../shared/bench-data when it exists.
set -euo pipefail
bin=$(realpath "$1")
out=$(realpath -m "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A mixed file: the first puzzles of every benchmark set, one per line.
mixed="$work/mixed.txt"
: >"$mixed"
if [ -d ../shared/bench-data ]; then
  for f in ../shared/bench-data/*.txt; do
    grep -E '^[0-9.]{81}' "$f" | head -n 40 >>"$mixed" || true
  done
fi

n=0
# run NAME-ARGS...: one case; stdin from $stdin when set.
run() {
  n=$((n + 1))
  local case="$out/$(printf '%03d' "$n")"
  printf "%s\n" "$*" | sed "s#$work#<work>#g" >"$case.cmd"
  set +e
  if [ -n "${stdin:-}" ]; then
    "$bin" "$@" <"$stdin" >"$case.out" 2>"$case.err"
  else
    "$bin" "$@" </dev/null >"$case.out" 2>"$case.err"
  fi
  echo $? >"$case.status"
  set -e
  # Timings vary from run to run.
  sed -i -E 's/[0-9]+(\.[0-9]+)? ?(µs|ms|s|puzzles\/s)\b/<T>/g; s/"(elapsed_ms|elapsed_us|time_us|puzzles_per_second|seconds|us|ms)":[0-9.e+-]+/"\1":<T>/g' "$case.out" "$case.err"
  sed -i "s#$work#<work>#g" "$case.out" "$case.err"
}

files=(fixtures/formats/* fixtures/valid/* fixtures/invalid/* fixtures/multiple/*
  fixtures/unsolvable/* fixtures/engine/*.csv fixtures/batch/*.* "$mixed")
for f in "${files[@]}"; do
  run solve "$f"
  run solve --json "$f"
  run solve --unique "$f"
  run solve --count --limit 3 "$f"
  run solve --all --limit 2 --json "$f"
  run validate "$f"
  run validate --json --solvable "$f"
  run validate --unique --complete "$f"
  for to in boj leetcode line json grid; do
    run solve --to "$to" "$f"
  done
done
for fmt in boj leetcode line json grid; do
  for f in fixtures/formats/*; do
    run solve -f "$fmt" "$f"
  done
done
for f in fixtures/fuzz-regressions/*/*; do
  run solve "$f"
  run validate --json "$f"
done
stdin=fixtures/formats/line.txt run solve
stdin=fixtures/formats/boj.txt run solve --line-buffered --json -
stdin=fixtures/formats/grid.txt run validate -
run solve fixtures/formats/line.txt no-such-file fixtures/formats/boj.txt
run validate no-such-file
run solve fixtures
run batch fixtures/batch
run batch -r fixtures/batch
run batch -r --json fixtures/batch
run batch -r --jobs 1 fixtures/batch
run batch -r --glob '*.txt' fixtures/batch
run batch --to line -r fixtures/batch
run batch "$mixed" fixtures/engine
run batch --json "$mixed" no-such-file
run batch -r --out "$work/out" fixtures/batch
(cd "$work/out" && find . -type f | sort | xargs -r sha256sum) >"$out/batch-out.sums"
for shell in bash zsh fish powershell elvish; do
  run completions "$shell"
done
run completions man
for cmd in "" solve validate batch completions; do
  run $cmd --help
done
run --version
run solve --bogus
run solve --limit 0 --count fixtures/formats/line.txt
echo "$n cases in $out"
