#!/usr/bin/env bash
# Compares `sudokit batch` builds (a benchmark, not a test): each binary is
# run on FILE in turn, RUNS times, and the quartiles of the rates it reports
# are printed per binary. On a machine whose speed drifts, alternating runs
# and comparing medians and lower quartiles tells a change from the drift;
# a best-of-N figure (bench/batch.sh) does not.
#
#   bench/batch-ab.sh [-n RUNS] [-j JOBS] FILE BINARY...
#
# Copy each build to a path of its own first (the release build is
# overwritten by the next one), e.g. `cp target/release/sudokit sudokit-before`.
set -euo pipefail

runs=20
jobs=2
args=()
while (($#)); do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        -j) jobs="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) args+=("$1"); shift ;;
    esac
done
if ((${#args[@]} < 2)); then
    echo "usage: bench/batch-ab.sh [-n RUNS] [-j JOBS] FILE BINARY..." >&2
    exit 2
fi
file="${args[0]}"
bins=("${args[@]:1}")

# One run: the rate from the summary line (the exit status says whether
# every puzzle was solved, which is not what is measured here).
rate() {
    { "$1" batch --progress never -j "$jobs" "$file" 2>&1 >/dev/null || true; } |
        sed -nE 's/^sudokit: .* ([0-9]+) puzzles\/s$/\1/p' | tail -1
}

declare -A rates
for ((i = 0; i < runs; i++)); do
    for bin in "${bins[@]}"; do
        rates[$bin]+="$(rate "$bin") "
    done
done

echo "$(basename "$file"), $jobs jobs, $runs runs each: puzzles/s lower quartile / median / upper quartile / best"
for bin in "${bins[@]}"; do
    tr ' ' '\n' <<<"${rates[$bin]}" | grep . | sort -n |
        awk -v bin="$bin" '{ r[NR] = $1 }
            END { printf "%s: %d / %d / %d / %d\n", bin, r[int(NR / 4) + 1], r[int((NR + 1) / 2)], r[int(3 * NR / 4)], r[NR] }'
done
