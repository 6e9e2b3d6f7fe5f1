#!/usr/bin/env bash
# Benchmark of `sudokit batch` (a benchmark, not a test): puzzles per second
# with 1 and 2 jobs on each benchmark file, the speedup, and peak memory.
#
#   bench/batch.sh [-n RUNS] [--big LINES] FILE_OR_DIR...
#
# FILE_OR_DIR: puzzle files, one puzzle per line (a directory gives its *.txt
# files). Each file is solved RUNS times (default 3) per job count, 1 and 2
# jobs alternately; the best run counts, as other load on the machine only
# ever slows a run down. The rate is the one sudokit's summary reports
# (puzzles over the time from start to the last result, start-up excluded).
#
# --big LINES also builds a LINES-line file (the inputs repeated) in a
# temporary directory, solves it once with 2 jobs, reports its peak resident
# memory, and deletes it.
#
# Needs GNU time (/usr/bin/time) for peak memory. Prints a Markdown table.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

runs=3
big=0
inputs=()
while (($#)); do
    case "$1" in
        -n) runs="$2"; shift 2 ;;
        --big) big="$2"; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) inputs+=("$1"); shift ;;
    esac
done
if ((${#inputs[@]} == 0)); then
    echo "usage: bench/batch.sh [-n RUNS] [--big LINES] FILE_OR_DIR..." >&2
    exit 2
fi
files=()
for input in "${inputs[@]}"; do
    if [[ -d "$input" ]]; then
        for f in "$input"/*.txt; do files+=("$f"); done
    else
        files+=("$input")
    fi
done

# The root workspace's release build, wherever its target directory is
# (`CARGO_TARGET_DIR` or a cargo configuration may move it).
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
    sed -E 's/.*"target_directory":"([^"]*)".*/\1/')
bin="$target/release/sudokit"
timer=/usr/bin/time
[[ -x "$timer" ]] || { echo "bench/batch.sh: GNU time is needed at $timer" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One run: prints "puzzles rate peak_kib" (rate from sudokit's summary).
run() {
    local jobs="$1" file="$2"
    "$timer" -f 'peak %M' -o "$tmp/time" \
        "$bin" batch --progress never -j "$jobs" "$file" >/dev/null 2>"$tmp/err" || true
    local summary
    summary=$(grep -E '^sudokit: [0-9]+ files?, ' "$tmp/err" | tail -1)
    local puzzles rate peak
    puzzles=$(sed -E 's/^sudokit: [0-9]+ files?, ([0-9]+) puzzles?.*/\1/' <<<"$summary")
    rate=$(sed -E 's/.* ([0-9]+) puzzles\/s$/\1/' <<<"$summary")
    peak=$(awk '/^peak/ {print $2}' "$tmp/time")
    echo "$puzzles $rate $peak"
}

# Runs 1 and 2 jobs alternately, $runs times each, so that both see the same
# conditions; prints "puzzles best_rate_1 best_rate_2 max_peak_kib_2".
best() {
    local file="$1" best1=0 best2=0 max_peak=0 puzzles=0 rate peak
    for ((i = 0; i < runs; i++)); do
        read -r puzzles rate _ < <(run 1 "$file")
        ((rate > best1)) && best1=$rate
        read -r puzzles rate peak < <(run 2 "$file")
        ((rate > best2)) && best2=$rate
        ((peak > max_peak)) && max_peak=$peak
    done
    echo "$puzzles $best1 $best2 $max_peak"
}

echo "| file | puzzles | 1 job (puzzles/s) | 2 jobs (puzzles/s) | speedup | peak RSS, 2 jobs |"
echo "|---|---:|---:|---:|---:|---:|"
for file in "${files[@]}"; do
    read -r puzzles one two peak < <(best "$file")
    speedup=$(awk -v a="$one" -v b="$two" 'BEGIN { if (a > 0) printf "%.2f", b / a; else print "-" }')
    printf '| %s | %s | %s | %s | %s× | %.1f MiB |\n' \
        "$(basename "$file")" "$puzzles" "$one" "$two" "$speedup" "$(awk -v k="$peak" 'BEGIN { print k / 1024 }')"
done

if ((big > 0)); then
    # Repeat the inputs until the file has $big lines, without holding it in memory.
    bigfile="$tmp/big.txt"
    lines=$(cat "${files[@]}" | wc -l)
    for ((i = 0; i < (big + lines - 1) / lines; i++)); do cat "${files[@]}"; done |
        head -n "$big" >"$bigfile" || true  # `head` closing the pipe early is expected
    read -r puzzles rate peak < <(run 2 "$bigfile")
    echo
    printf 'Large file: %s lines, %s puzzles at %s puzzles/s with 2 jobs, peak RSS %.1f MiB\n' \
        "$big" "$puzzles" "$rate" "$(awk -v k="$peak" 'BEGIN { print k / 1024 }')"
fi
