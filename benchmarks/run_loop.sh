# run_loop.sh - the measuring loop that benchmarks/run.sh and
# benchmarks/realworld/run.sh share (sourced, not run). For each repetition,
# for each program, each build runs once under the measure helper
# (interleaved, so that drift in machine load spreads over all builds); a
# run must exit 0, write nothing to stderr and print the same stdout as the
# program's first build, or it is shown and counted as failed.
#
# The sourcing script sets NAMES, BUILDS, REPS, BUILD_DIR, LOG_DIR, MEASURE
# and MARKDOWN, and defines
#   command_of NAME BUILD   sets CMD (the command line) and ENVS (more
#                           VAR=value words for env); may clear old output
# and may define
#   normalise NAME          stdin to stdout: the part of the output that is
#                           compared (default: all of it)
#   after_run NAME BUILD BASE
#                           tidies BASE.out and BASE.err (a tool's own
#                           messages) before they are checked
# RUN_DIR, if set, is the directory the programs run in.

RESULTS=$BUILD_DIR/results.txt # name build rep seconds rss_kb cpu_seconds
declare -A FAILED=()
nfail=0

declare -F normalise >/dev/null || normalise() { cat; }
declare -F after_run >/dev/null || after_run() { :; }

fail_run() { # name build rep why
    local base=$LOG_DIR/$1.$2.$3
    echo >&2
    echo "!!! FAIL: $1 ($2 build, repetition $3): $4" >&2
    if [ -s "$base.err" ]; then
        echo "--- stderr (first 60 lines; full text in $base.err):" >&2
        head -n 60 "$base.err" >&2
    fi
    echo "--- stdout (first 5 lines):" >&2
    head -n 5 "$base.out" >&2 || true
    FAILED[$1.$2]=1
    printf " %s FAIL" "$2"
    nfail=$((nfail + 1))
}

# One run of program $1, build $2, repetition $3: measured, checked, and
# recorded in RESULTS.
run_one() {
    local name=$1 b=$2 rep=$3 base=$LOG_DIR/$1.$2.$3 rc secs rss code cpu ref
    CMD=() ENVS=()
    command_of "$name" "$b"
    local envs=(env -u ASAN_OPTIONS -u SLEUTH_OPTIONS -u LSAN_OPTIONS)
    [ "$b" = asan ] && envs+=(ASAN_OPTIONS=detect_leaks=1)
    envs+=(${ENVS[@]+"${ENVS[@]}"})
    rm -f "$base.stats"
    set +e
    (cd "${RUN_DIR:-.}" && "${envs[@]}" "$MEASURE" "$base.stats" "${CMD[@]}" </dev/null >"$base.out" 2>"$base.err")
    rc=$?
    set -e
    after_run "$name" "$b" "$base"
    if [ ! -s "$base.stats" ]; then fail_run "$name" "$b" "$rep" "measure helper failed (rc $rc)"; return; fi
    read -r secs rss code cpu <"$base.stats"
    if [ "$code" != 0 ]; then fail_run "$name" "$b" "$rep" "exit status $code"; return; fi
    if [ -s "$base.err" ]; then fail_run "$name" "$b" "$rep" "non-empty stderr (a report is a false positive or a bug)"; return; fi
    normalise "$name" <"$base.out" >"$base.norm"
    ref=$LOG_DIR/$name.expected
    if [ ! -e "$ref" ]; then
        cp "$base.norm" "$ref"
        echo "$b" >"$ref.from"
    elif ! cmp -s "$ref" "$base.norm"; then
        fail_run "$name" "$b" "$rep" "output differs from the $(cat "$ref.from") build: expected '$(head -n 1 "$ref")'"
        return
    fi
    echo "$name $b $rep $secs $rss $cpu" >>"$RESULTS"
    printf " %s %ss" "$b" "$secs"
}

# Every repetition of every program and build, then the tables (awk
# script $2) and, if any run failed, exit status 1 with the list; $1 names
# the calling script in that message.
run_interleaved() {
    local who=$1 tables=$2 rep name b width=15 k
    for name in "${NAMES[@]}"; do [ ${#name} -lt $width ] || width=$((${#name} + 1)); done
    : >"$RESULTS"
    for ((rep = 1; rep <= REPS; rep++)); do
        echo "== repetition $rep/$REPS"
        for name in "${NAMES[@]}"; do
            printf "   %-${width}s" "$name"
            for b in "${BUILDS[@]}"; do
                [ -z "${FAILED[$name.$b]:-}" ] || continue
                run_one "$name" "$b" "$rep"
            done
            echo
        done
    done
    echo
    awk -v md="$MARKDOWN" -v cpu=1 -v builds="${BUILDS[*]}" -v names="${NAMES[*]}" -f "$tables" "$RESULTS"
    echo
    echo "raw results: $RESULTS (program build repetition seconds rss_kb cpu_seconds); logs: $LOG_DIR"
    if [ "$nfail" -gt 0 ]; then
        echo "$who: $nfail run(s) FAILED:$(for k in "${!FAILED[@]}"; do printf ' %s' "$k"; done)" >&2
        exit 1
    fi
}
