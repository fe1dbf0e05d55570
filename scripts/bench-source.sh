#!/usr/bin/env bash
# Times a11ylint's source rules against ripgrep (PCRE2, same anchor patterns) on the
# same 5,000 generated SwiftUI files of ~200 lines, and prints the ratios.
#
#   scripts/bench-source.sh            # release build in .build-bench
#   SCRATCH=.build-me FILES=2000 scripts/bench-source.sh
#
# Figures: the in-process run of SourceBenchmark (read, lex, lint every shipped source
# rule, all cores); `a11ylint` on the folder as a whole process when the CLI lints Swift
# files; ripgrep as a whole process. ripgrep only finds the anchors: it knows nothing of
# comments, strings, chains or containers, so it is the floor, not an equal.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SCRATCH:-.build-bench}
count=${FILES:-5000}
runs=${RUNS:-5}
command -v rg >/dev/null || { echo "ripgrep (rg) is not installed" >&2; exit 2; }

swift build -c release --scratch-path "$scratch" --product a11ylint-bench >/dev/null
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)

work=$(mktemp -d "${TMPDIR:-/tmp}/a11ylint-bench-source.XXXXXX")
trap 'rm -rf "$work"' EXIT
files="$work/files"

# SourceBenchmark writes the files and `<dir>.patterns`, then prints its own timing.
output=$(A11YLINT_BENCH_SOURCE_DIR="$files" A11YLINT_BENCH_SOURCE_FILES="$count" \
         "$bin/a11ylint-bench" source 2>&1 || true)
line=$(printf '%s\n' "$output" | grep '^source:' || true)
if [ -z "$line" ] || [ ! -d "$files" ]; then
    echo "a11ylint-bench did not run SourceBenchmark.run() (wire it in Benchmarks/a11ylint-bench/main.swift):" >&2
    printf '%s\n' "$output" >&2
    exit 2
fi
echo "$line"
in_process=$(printf '%s\n' "$line" | sed -n 's/.* in \([0-9.]*\) s (best.*/\1/p')
in_process_cpu=$(printf '%s\n' "$line" | sed -n 's/.*cpu \([0-9.]*\) s.*/\1/p')

# Best of $runs runs of a whole process: "wall cpu" in seconds (cpu = user + system, all
# threads; steadier than wall time when other work shares the machine).
best_of() {
    local best_wall="" best_cpu=""
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>&1 || true
        read -r wall user system <"$work/time"
        cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.3f", u + s }')
        if [ -z "$best_wall" ] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then best_wall=$wall; fi
        if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then best_cpu=$cpu; fi
    done
    echo "$best_wall $best_cpu"
}

read -r rg_wall rg_cpu <<<"$(best_of rg -P -c -f "$files.patterns" "$files")"
rg_matches=$(rg -P -c -f "$files.patterns" "$files" | awk -F: '{ n += $NF } END { print n + 0 }')
echo "ripgrep: $rg_wall s, cpu $rg_cpu s (best of $runs, whole process), $rg_matches anchor lines (comments and strings included)"
awk -v a="$in_process" -v b="$rg_wall" -v c="$in_process_cpu" -v d="$rg_cpu" \
    'BEGIN { printf "ratio in-process / ripgrep: wall %.2f, cpu %.2f\n", a / b, c / d }'

# The CLI as a whole process, once it lints Swift files (exit 1 = findings, fine).
if swift build -c release --scratch-path "$scratch" --product a11ylint >/dev/null 2>&1; then
    "$bin/a11ylint" "$files" --reporter json >"$work/report.json" 2>/dev/null || true
    if grep -q '"tap-gesture-without-trait"' "$work/report.json" 2>/dev/null; then
        read -r cli_wall cli_cpu <<<"$(best_of "$bin/a11ylint" "$files" --reporter json)"
        echo "a11ylint: $cli_wall s, cpu $cli_cpu s (best of $runs, whole process)"
        awk -v a="$cli_wall" -v b="$rg_wall" -v c="$cli_cpu" -v d="$rg_cpu" \
            'BEGIN { printf "ratio a11ylint / ripgrep: wall %.2f, cpu %.2f\n", a / b, c / d }'
    else
        echo "a11ylint: the CLI does not lint Swift sources yet; whole-process figure skipped"
    fi
fi
