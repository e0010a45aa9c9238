#!/bin/sh
# fuzz.sh OUTDIR BOUND TARGET...: fuzz each libFuzzer target built with
# sleuth-cc -fsanitize=fuzzer, as the CI templates' fuzzing job does (in
# the style of CIFuzz), and fail (exit 1) when any of them crashed.
#   OUTDIR  keeps each target's corpus across runs (OUTDIR/corpus/NAME:
#           restore it from a cache before, save it after), and writes
#           OUTDIR/crashes/NAME-crash-<sha1> (and leak-, oom-, timeout-),
#           the JSON reports of those inputs (OUTDIR/reports/NAME.<pid>)
#           and OUTDIR/fuzz.sarif (one result per distinct Sleuth report,
#           sleuth-report --merge --sarif) when something crashed.
#   BOUND   a libFuzzer flag that ends each run: -max_total_time=SECONDS
#           in CI, -runs=N for a run that must not depend on the clock.
# A target's seed corpus, when a directory NAME_seed_corpus sits next to
# it, is read too. The fuzzing output, reports included, goes to the job's
# log as text; each crash input is then run once more with
# log_format=json to feed the SARIF. SLEUTH_OPTIONS (or ASAN_OPTIONS) from
# the environment apply; dedup_token_length=3 is added when both are unset
# or empty.
# SLEUTH_REPORT names sleuth-report when it is not on PATH.
set -u
if [ $# -lt 3 ]; then
  echo "usage: fuzz.sh OUTDIR -max_total_time=SECONDS|-runs=N TARGET..." >&2
  exit 2
fi
out=$1
bound=$2
shift 2
case "$bound" in
  -max_total_time=*|-runs=*) ;;
  *) echo "fuzz.sh: BOUND must be -max_total_time=SECONDS or -runs=N, not '$bound'" >&2; exit 2 ;;
esac
report=${SLEUTH_REPORT:-sleuth-report}
if [ -z "${SLEUTH_OPTIONS:-}" ] && [ -z "${ASAN_OPTIONS:-}" ]; then
  SLEUTH_OPTIONS=dedup_token_length=3
  export SLEUTH_OPTIONS
fi
mkdir -p "$out/crashes" "$out/reports" || exit 2
crashed=0
for target in "$@"; do
  name=$(basename "$target")
  if [ ! -x "$target" ]; then
    echo "fuzz.sh: $target is not an executable fuzz target" >&2
    exit 2
  fi
  mkdir -p "$out/corpus/$name"
  set -- "$out/corpus/$name"
  [ -d "${target}_seed_corpus" ] && set -- "$@" "${target}_seed_corpus"
  echo "fuzz.sh: fuzzing $name ($bound)"
  if "$target" "$bound" -print_final_stats=1 \
       -artifact_prefix="$out/crashes/$name-" "$@"; then
    continue
  fi
  crashed=1
  for input in "$out/crashes/$name"-*; do
    [ -f "$input" ] || continue
    echo "fuzz.sh: $name: $(basename "$input")"
    SLEUTH_OPTIONS="${SLEUTH_OPTIONS:+$SLEUTH_OPTIONS:}log_format=json:log_path=$out/reports/$name" \
      "$target" "$input" > /dev/null 2>&1
  done
done
if [ "$crashed" = 1 ]; then
  set -- "$out/reports/"*
  if [ -e "$1" ]; then
    "$report" --merge --sarif "$@" > "$out/fuzz.sarif" ||
      echo "fuzz.sh: $report could not write $out/fuzz.sarif" >&2
  fi
  echo "fuzz.sh: crash inputs in $out/crashes"
  exit 1
fi
echo "fuzz.sh: no crash"
