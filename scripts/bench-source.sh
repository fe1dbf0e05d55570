#!/usr/bin/env bash
# Times the a11ylint CLI on Swift sources against ripgrep, both as whole processes, on
# the same 5,000 generated SwiftUI files of ~200 lines, and prints both and the ratio.
#
#   scripts/bench-source.sh            # release build in .build-bench
#   SCRATCH=.build-me FILES=2000 RUNS=7 scripts/bench-source.sh
#
# a11ylint: `a11ylint FOLDER --reporter json --output /dev/null` — reading, lexing, every
# shipped source rule, the checkbox variants derived from `configure(`/`OUDSCheckboxItem(`
# calls with their spec rules, suppressions, and the JSON report of every finding.
# ripgrep: `rg -P -c` with the same anchor patterns (PCRE2) on the same files. ripgrep
# only finds the anchors: it knows nothing of comments, strings, chains or containers,
# so it is the floor, not an equal.
# The generator (a11ylint-bench source) also prints its in-process figure: the source
# rules alone, files already in memory after a warm-up.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SCRATCH:-.build-bench}
count=${FILES:-5000}
runs=${RUNS:-5}
command -v rg >/dev/null || { echo "ripgrep (rg) is not installed" >&2; exit 2; }

swift build -c release --scratch-path "$scratch" --product a11ylint-bench >/dev/null
swift build -c release --scratch-path "$scratch" --product a11ylint >/dev/null
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)

work=$(mktemp -d "${TMPDIR:-/tmp}/a11ylint-bench-source.XXXXXX")
trap 'rm -rf "$work"' EXIT
files="$work/files"

# SourceBenchmark writes the files and `<dir>.patterns` (one anchor pattern a line).
output=$(A11YLINT_BENCH_SOURCE_DIR="$files" A11YLINT_BENCH_SOURCE_FILES="$count" \
         "$bin/a11ylint-bench" source 2>&1 || true)
line=$(printf '%s\n' "$output" | grep '^source:' || true)
if [ -z "$line" ] || [ ! -d "$files" ] || [ ! -s "$files.patterns" ]; then
    echo "a11ylint-bench did not write the benchmark files (is 'source' wired in Benchmarks/a11ylint-bench/main.swift?):" >&2
    printf '%s\n' "$output" >&2
    exit 2
fi
echo "in-process $line"

# Best of $runs runs of a whole process: "wall cpu" in seconds (cpu = user + system, all
# threads; steadier than wall time when other work shares the machine). One warm-up run
# first, so both tools find the files in the page cache.
best_of() {
    "$@" >/dev/null 2>&1 || true
    local best_wall="" best_cpu=""
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>&1 || true
        # time(1) puts "Command exited with non-zero status 1" first: the figures are last.
        read -r wall user system < <(tail -n 1 "$work/time")
        cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
        if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then best_wall=$wall; fi
        if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then best_cpu=$cpu; fi
    done
    echo "$best_wall $best_cpu"
}

# The CLI must really lint the Swift files (exit 1 = error findings, expected here).
"$bin/a11ylint" "$files" --reporter json --output "$work/report.json" 2>/dev/null || true
findings=$(sed -n 's/^    "findings": \([0-9]*\),$/\1/p' "$work/report.json" | head -1)
if ! grep -q '"tap-gesture-without-trait"' "$work/report.json" 2>/dev/null; then
    echo "a11ylint reported no source-rule finding on the generated files; nothing to compare" >&2
    exit 2
fi
rg_matches=$(rg -P -c -f "$files.patterns" "$files" | awk -F: '{ n += $NF } END { print n + 0 }')

read -r cli_wall cli_cpu <<<"$(best_of "$bin/a11ylint" "$files" --reporter json --output /dev/null)"
read -r rg_wall rg_cpu <<<"$(best_of rg -P -c -f "$files.patterns" "$files")"

echo "a11ylint: wall $cli_wall s, cpu $cli_cpu s (best of $runs, whole process; $findings findings in the JSON report)"
echo "ripgrep:  wall $rg_wall s, cpu $rg_cpu s (best of $runs, whole process; $rg_matches anchor lines, comments and strings included)"
awk -v a="$cli_wall" -v b="$rg_wall" -v c="$cli_cpu" -v d="$rg_cpu" \
    'BEGIN { printf "ratio a11ylint / ripgrep: wall %.2f, cpu %.2f\n", a / b, c / d }'
