#!/usr/bin/env bash
# csmith stage (README.md): random C programs from csmith, each built plain
# with the clang that sleuth-cc wraps and with sleuth-cc at several -O
# levels. Every build must succeed without a diagnostic, and every Sleuth
# build must run silently (empty stderr, exit status 0) and print exactly
# what the plain build prints (the csmith checksum line and, since the
# program is run with the argument 1, each global's hash before it).
#
# Usage: run.sh --bin DIR [options] (--seeds FILE | --range A-B | SEED...)
#   --bin DIR        a Sleuth build's bin/ (sleuth-cc; its clang is the
#                    plain compiler unless --clang is given)
#   --sleuth-cc P    sleuth-cc to use (default DIR/sleuth-cc)
#   --clang P        plain clang (default: the one sleuth-cc wraps)
#   --levels "0 1 2 3"   Sleuth -O levels (default all four)
#   --seeds FILE     seeds to run, one a line ('#' comments); FILE's
#                    "# csmith:" and "# options:" lines must match this
#                    csmith and this script's options (else UNSUPPORTED)
#   --range A-B      seeds A..B inclusive (a campaign: use --screen)
#   --shard I/N      run only the I-th of every N seeds (1-based)
#   --screen T       campaign mode: run the plain -O0 build under
#                    `timeout T` and skip seeds slower than T seconds; the
#                    Sleuth runs get 50*T (a Sleuth run past it is a failure)
#   --list-quick T   print the seeds whose plain -O0 build runs within T
#                    seconds (for seeds.txt); builds nothing with Sleuth
#   --work DIR       work directory (default: a fresh mktemp -d, removed at
#                    the end unless something failed)
#   --keep-going     go on after a failing seed (default: stop at the first)
#   --quiet          no line per passing seed
# Without --screen nothing runs under a time limit: the seeds of seeds.txt
# were screened once (--list-quick) so that each plain run is quick.
#
# Exit status 0 when every seed passes (or csmith is missing: one
# UNSUPPORTED line), 1 when one fails, 2 on a usage error.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Pinned csmith options: its documented defaults, written out so a program
# is the same for a seed whatever csmith's defaults become, and the
# programs stay quick to build (a few hundred lines to ~2000).
CSMITH_OPTS=(--max-funcs 10 --max-block-depth 5 --max-block-size 4
             --max-expr-complexity 10 --max-array-dim 3
             --max-array-len-per-dim 10 --max-pointer-depth 2
             --max-struct-fields 10 --max-union-fields 5
             --inline-function-prob 50 --no-float --no-builtins --argc
             --checksum --safe-math --no-paranoid)

die() { echo "csmith: $*" >&2; exit 2; }

bin= sleuth_cc= clang= levels="0 1 2 3" seeds_file= range= shard= screen=
list_quick= work= keep_going=0 quiet=0
seeds=()
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --sleuth-cc) sleuth_cc=$2; shift 2 ;;
    --clang) clang=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --seeds) seeds_file=$2; shift 2 ;;
    --range) range=$2; shift 2 ;;
    --shard) shard=$2; shift 2 ;;
    --screen) screen=$2; shift 2 ;;
    --list-quick) list_quick=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --keep-going) keep_going=1; shift ;;
    --quiet) quiet=1; shift ;;
    -h|--help) sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [[ $1 =~ ^[0-9]+$ ]] || die "not a seed: $1"; seeds+=("$1"); shift ;;
  esac
done

csmith_inc=${CSMITH_INCLUDE:-/usr/include/csmith}
if ! command -v csmith >/dev/null || [ ! -f "$csmith_inc/csmith.h" ]; then
  echo "UNSUPPORTED: csmith not found (apt-get install csmith libcsmith-dev)"
  exit 0
fi
csmith_version=$(csmith --version 2>/dev/null | head -n 1)

[ -n "$sleuth_cc" ] || { [ -n "$bin" ] || die "give --bin DIR or --sleuth-cc PATH"; sleuth_cc=$bin/sleuth-cc; }
[ -x "$sleuth_cc" ] || die "no sleuth-cc at $sleuth_cc"
if [ -z "$clang" ]; then
  clang=${SLEUTH_CC_CLANG:-$(sed -n "s/^DEFAULT_CLANG='\(.*\)'$/\1/p" "$sleuth_cc")}
fi
[ -n "$clang" ] && command -v "$clang" >/dev/null || die "no plain clang (give --clang)"
for l in $levels; do [[ $l =~ ^[0-3sz]$ ]] || die "not an -O level: $l"; done

if [ -n "$seeds_file" ]; then
  [ -f "$seeds_file" ] || die "no seed list $seeds_file"
  want_v=$(sed -n 's/^# csmith: //p' "$seeds_file" | head -n 1)
  want_o=$(sed -n 's/^# options: //p' "$seeds_file" | head -n 1)
  if [ "$want_v" != "$csmith_version" ] || [ "$want_o" != "${CSMITH_OPTS[*]}" ]; then
    # Another csmith (or other options) makes other programs for the same
    # seeds, which were never screened: some may run for hours.
    echo "UNSUPPORTED: $seeds_file was screened with '$want_v' and options '$want_o'; this is '$csmith_version' with '${CSMITH_OPTS[*]}' (re-screen: $0 --bin BIN --list-quick 0.1 --range A-B)"
    exit 0
  fi
  while read -r s _; do
    case "$s" in ''|'#'*) continue ;; esac
    [[ $s =~ ^[0-9]+$ ]] || die "$seeds_file: not a seed: $s"
    seeds+=("$s")
  done < "$seeds_file"
fi
if [ -n "$range" ]; then
  [[ $range =~ ^([0-9]+)-([0-9]+)$ ]] || die "--range wants A-B"
  for ((s = BASH_REMATCH[1]; s <= BASH_REMATCH[2]; s++)); do seeds+=("$s"); done
fi
[ ${#seeds[@]} -gt 0 ] || die "no seeds (give --seeds FILE, --range A-B or seeds)"
if [ -n "$shard" ]; then
  [[ $shard =~ ^([0-9]+)/([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -ge 1 ] &&
    [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] || die "--shard wants I/N, 1 <= I <= N"
  si=${BASH_REMATCH[1]} sn=${BASH_REMATCH[2]} picked=()
  for ((i = si - 1; i < ${#seeds[@]}; i += sn)); do picked+=("${seeds[i]}"); done
  seeds=("${picked[@]}")
fi

if [ -n "$work" ]; then
  mkdir -p "$work" || die "cannot create $work"
  own_work=0
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/sleuth-csmith.XXXXXX") || die "mktemp failed"
  own_work=1
fi
work=$(cd "$work" && pwd)

# The instrumented programs see default run-time options (csmith programs
# do not allocate, so leak checking stays silent too), not the caller's.
unset SLEUTH_OPTIONS
# verbose=1 makes the pass say when its verifier check undid a function's
# stack layout (a silent fallback that hides a pass bug); its per-module
# summary line is expected and filtered out.
export SLEUTH_PASS_OPTIONS=verbose=1
CFLAGS=(-w -I "$csmith_inc")

n_seeds=0 n_skipped=0 n_builds=0 n_runs=0 n_build_fail=0 n_diff=0 n_report=0
n_plain_bad=0
failed_seeds=()

# Runs "$@" with stdout/stderr to $1.out/.err (first arg is the prefix);
# under `timeout` when $limit is set. Sets rc.
run_prog() {
  local pfx=$1; shift
  if [ -n "$limit" ]; then
    timeout -k 2 "$limit" "$@" >"$pfx.out" 2>"$pfx.err"; rc=$?
    [ $rc = 124 ] || [ $rc = 137 ] && rc=timeout
  else
    "$@" >"$pfx.out" 2>"$pfx.err"; rc=$?
  fi
}

# build <out> <compiler> <flags...>: compile the seed's program; a failure
# (or any diagnostic but the pass's module summary) fails the seed.
build() {
  local out=$1; shift
  local cmd=("$@" "${CFLAGS[@]}" "$dir/prog.c" -o "$dir/$out")
  n_builds=$((n_builds + 1))
  "${cmd[@]}" >"$dir/$out.build" 2>&1
  local st=$?
  local diag
  diag=$(grep -v '^sleuth: module ' "$dir/$out.build")
  if [ $st -ne 0 ] || [ -n "$diag" ]; then
    n_build_fail=$((n_build_fail + 1))
    echo "FAIL: seed $seed: build failed (exit $st): (cd $dir && SLEUTH_PASS_OPTIONS=$SLEUTH_PASS_OPTIONS ${cmd[*]})"
    head -n 30 "$dir/$out.build" | sed 's/^/  | /'
    return 1
  fi
  return 0
}

for seed in "${seeds[@]}"; do
  n_seeds=$((n_seeds + 1))
  dir=$work/$seed
  rm -rf "$dir" && mkdir -p "$dir" || die "cannot create $dir"
  # In the seed directory: csmith writes platform.info into its current one.
  if ! (cd "$dir" && csmith --seed "$seed" "${CSMITH_OPTS[@]}" -o prog.c) >"$dir/csmith.log" 2>&1; then
    echo "FAIL: seed $seed: csmith failed: csmith --seed $seed ${CSMITH_OPTS[*]}"
    n_build_fail=$((n_build_fail + 1)); failed_seeds+=("$seed")
    [ $keep_going = 1 ] && continue || break
  fi

  # The plain -O0 build is the reference (and the screen).
  ok=1
  build plain.O0 "$clang" -O0 || ok=0
  if [ $ok = 1 ]; then
    limit=${list_quick:-$screen}
    run_prog "$dir/plain.O0" "$dir/plain.O0" 1
    if [ "$rc" = timeout ]; then
      n_skipped=$((n_skipped + 1)); rm -rf "$dir"; continue
    fi
    if [ "$rc" != 0 ]; then
      # Not Sleuth's: csmith wrote a program that fails on its own.
      echo "note: seed $seed: the plain -O0 build exits $rc; skipped" >&2
      n_plain_bad=$((n_plain_bad + 1)); rm -rf "$dir"; continue
    fi
    if [ -n "$list_quick" ]; then
      echo "$seed"; rm -rf "$dir"; continue
    fi
    limit=
    [ -n "$screen" ] && limit=$(awk -v t="$screen" 'BEGIN { print t * 50 }')
    want=$(grep '^checksum = ' "$dir/plain.O0.out")
    for l in $levels; do
      build sleuth.O$l "$sleuth_cc" -O$l || { ok=0; continue; }
      n_runs=$((n_runs + 1))
      p=$dir/sleuth.O$l
      run_prog "$p" "$p" 1
      if [ "$rc" != 0 ] || [ -s "$p.err" ]; then
        ok=0; n_report=$((n_report + 1))
        if [ "$rc" = timeout ]; then
          echo "FAIL: seed $seed: the Sleuth -O$l build ran past $limit s (plain -O0: under $screen s): $p 1"
        else
          echo "FAIL: seed $seed: the Sleuth -O$l build exits $rc, $(wc -l < "$p.err") lines on stderr: $p 1"
        fi
        head -n 40 "$p.err" | sed 's/^/  | /'
      elif ! cmp -s "$p.out" "$dir/plain.O0.out"; then
        ok=0; n_diff=$((n_diff + 1))
        got=$(grep '^checksum = ' "$p.out")
        echo "FAIL: seed $seed: the Sleuth -O$l build prints '${got:-no checksum}', the plain -O0 build '$want': $p 1"
        diff "$dir/plain.O0.out" "$p.out" | head -n 10 | sed 's/^/  | /'
        # Tell a clang or csmith problem from Sleuth's: the plain build at
        # the same level.
        if build plain.O$l "$clang" -O$l; then
          run_prog "$dir/plain.O$l" "$dir/plain.O$l" 1
          if cmp -s "$dir/plain.O$l.out" "$p.out"; then
            echo "  (the plain -O$l build prints the same: not Sleuth's)"
          else
            echo "  (the plain -O$l build prints the plain -O0 output: Sleuth's)"
          fi
        fi
      fi
    done
  fi
  if [ $ok = 1 ]; then
    [ $quiet = 1 ] || echo "ok: seed $seed: $want"
    rm -rf "$dir"
  else
    failed_seeds+=("$seed")
    echo "  files: $dir (csmith --seed $seed ${CSMITH_OPTS[*]})"
    [ $keep_going = 1 ] || break
  fi
done

[ -n "$list_quick" ] && { [ $own_work = 1 ] && rm -rf "$work"; exit 0; }
n_run_seeds=$((n_seeds - n_skipped - n_plain_bad))
echo "csmith: $n_run_seeds seeds x levels ($levels): $n_runs Sleuth runs, $n_builds builds;" \
     "$n_build_fail build failures, $n_diff output differences, $n_report reports" \
     "($n_skipped slow seeds skipped, $n_plain_bad failing on their own; $csmith_version, $clang)"
if [ ${#failed_seeds[@]} -gt 0 ]; then
  echo "csmith: failing seeds: ${failed_seeds[*]} (files in $work)"
  exit 1
fi
[ $own_work = 1 ] && rm -rf "$work"
exit 0
