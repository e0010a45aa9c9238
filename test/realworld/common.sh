# common.sh: sourced by the per-package drivers (<pkg>.sh). Fetches the
# source, builds it with the compiler of the chosen mode and checks that
# Sleuth wrote no report.
#
# Environment (the runner run.sh and the ctest entries set these):
#   RW_BIN    directory holding sleuth-cc / sleuth-c++ (a Sleuth build's bin/)
#   RW_WORK   work directory: downloads, build trees, logs
#   RW_MODE   sleuth (default) | clang (plain, for timing) | asan (clang
#             -fsanitize=address, for timing)
#   RW_JOBS   make -j (default 2)
set -uo pipefail

rw_pkg=${RW_PKG:?driver must set RW_PKG}
rw_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RW_MODE=${RW_MODE:-sleuth}
RW_JOBS=${RW_JOBS:-2}

rw_die() { echo "realworld/$rw_pkg: $*" >&2; exit 1; }

[ -n "${RW_BIN:-}" ] && [ -x "$RW_BIN/sleuth-cc" ] || rw_die "RW_BIN must name a directory with sleuth-cc"
[ -n "${RW_WORK:-}" ] || rw_die "RW_WORK must name a work directory"
mkdir -p "$RW_WORK" && RW_WORK=$(cd "$RW_WORK" && pwd)
RW_BIN=$(cd "$RW_BIN" && pwd)

# The clang that sleuth-cc wraps: plain and ASan builds use the same one.
rw_clang=${SLEUTH_CC_CLANG:-$(sed -n "s/^DEFAULT_CLANG='\(.*\)'$/\1/p" "$RW_BIN/sleuth-cc")}
rw_clangxx=$(sed -n "s/^DEFAULT_CLANGXX='\(.*\)'$/\1/p" "$RW_BIN/sleuth-cc")

rw_dir="$RW_WORK/$RW_MODE/$rw_pkg"   # build tree, logs and timings of this run
rw_logs="$rw_dir/logs"
unset SLEUTH_OPTIONS ASAN_OPTIONS
case "$RW_MODE" in
  sleuth) export CC="$RW_BIN/sleuth-cc" CXX="$RW_BIN/sleuth-c++" ;;
  clang)  export CC="$rw_clang" CXX="$rw_clangxx" ;;
  # Same debug info as sleuth-cc adds, so the comparison is fair. ASan has no
  # suppressions for error reports, so it reports the known package bugs
  # (README.md) and goes on (recover, exitcode=0); its reports are listed,
  # not judged: this mode is for timing.
  asan)   export CC="$rw_clang -fsanitize=address -fsanitize-recover=address -g"
          export CXX="$rw_clangxx -fsanitize=address -fsanitize-recover=address -g" ;;
  *) rw_die "RW_MODE must be sleuth, clang or asan, not '$RW_MODE'" ;;
esac

# rw_fetch: download and unpack the Debian source (once per RW_WORK), then
# copy it to a fresh build tree; sets SRC and changes into it.
rw_fetch() {
  local src
  # A machine without the source tools is not a failure of Sleuth: say what
  # to install, and pass (CTest lists the test as skipped).
  if ! command -v dpkg-source >/dev/null; then
    echo "UNSUPPORTED: realworld/$rw_pkg needs dpkg-source to unpack Debian sources (apt-get install dpkg-dev)"
    exit 0
  fi
  src=$("$rw_here/apt-source.sh" "$rw_pkg" "$RW_WORK/sources") || exit 1
  RW_VERSION=$(cat "$RW_WORK/sources/$rw_pkg/version")
  rm -rf "$rw_dir" && mkdir -p "$rw_logs" || rw_die "cannot create $rw_dir"
  cp -a "$src" "$rw_dir/src" || rw_die "cannot copy $src"
  SRC="$rw_dir/src"
  cd "$SRC" || exit 1
  echo "realworld/$rw_pkg: $rw_pkg $RW_VERSION, mode $RW_MODE, CC=$CC"
  rw_phase build
}

# rw_phase <name>: reports of the following commands go to logs/<name>.<pid>.
rw_phase() {
  case "$RW_MODE" in
    sleuth) export SLEUTH_OPTIONS="log_path=$rw_logs/$1"
            # Known bugs of the package itself (shown in README.md).
            [ -f "$rw_here/$rw_pkg.supp" ] &&
              SLEUTH_OPTIONS="$SLEUTH_OPTIONS:suppressions=$rw_here/$rw_pkg.supp" ;;
    asan)   export ASAN_OPTIONS="log_path=$rw_logs/$1:halt_on_error=0:exitcode=0" ;;
  esac
}

# rw_run <what> <command...>: run one step; on failure print its output tail.
rw_run() {
  local what=$1; shift
  local out="$rw_dir/$(echo "$what" | tr -c 'A-Za-z0-9\n' '-').out"
  # A subshell outside any `if`, so that `set -e` in a suite function works
  # (bash ignores it inside a tested command) and stays in the subshell.
  local rc
  ( "$@" ) >"$out" 2>&1
  rc=$?
  if [ "$rc" -ne 0 ]; then
    tail -n 30 "$out" >&2
    rw_reports >&2
    rw_die "$what failed with status $rc (full output: $out)"
  fi
}

# rw_test <command...>: the package's test suite, timed: wall seconds and
# CPU seconds (user + sys of the suite and its children; the machine may be
# shared, so CPU time is the steadier figure).
rw_test() {
  rw_phase test
  local TIMEFORMAT='%R %U %S' t
  # time's line goes to the group's stderr (a file); rw_run's own
  # messages to the real stderr (fd 5).
  exec 5>&2
  { time rw_run "test suite" "$@" 2>&5; } 2>"$rw_dir/time.raw"
  exec 5>&-
  set -- $(cat "$rw_dir/time.raw")
  RW_TEST_SECONDS=$1
  RW_TEST_CPU=$(awk -v u="$2" -v s="$3" 'BEGIN { printf "%.2f", u + s }')
  echo "$RW_TEST_SECONDS $RW_TEST_CPU" > "$rw_dir/test-seconds"
}

# rw_bytewise_hash FILE.i NAME: Bob Jenkins' lookup3 `hashlittle` (json-c's
# linkhash.c, jansson's lookup3.h) reads the tail of a key a 32-bit word at
# a time and masks off the bytes past its end, unless it sees an address
# sanitizer. FILE.i, NAME preprocessed with the build's own flags, must
# take the byte-wise path: no word-wise tail (`k[2]&0xffffff`). A plain
# clang build takes it, by design.
rw_bytewise_hash() {
  [ -s "$1" ] || { echo "$2 did not preprocess"; return 1; }
  if grep -q 'k\[2\]&0xffffff' "$1"; then
    echo "$2 takes its word-wise over-read (no address sanitizer seen)"; return 1
  fi
  echo "$2: byte-wise hash tail"
}

# rw_reports: show the report files written so far; status 1 when there is
# any. A file counts when it holds an ERROR or WARNING line: with a
# suppressions file, Sleuth also writes a file with only the count of
# suppressed reports or the totals of suppressed leaks.
rw_reports() {
  local f n=0
  for f in "$rw_logs"/*; do
    [ -e "$f" ] || continue
    grep -qE '^==[0-9]+==(ERROR|WARNING)' "$f" || continue
    n=$((n + 1))
    echo "--- report file $f:"
    head -n 40 "$f"
  done
  [ "$n" -eq 0 ]
}

# rw_finish: the verdict line. Any report file (build or test phase) fails.
rw_finish() {
  local n sup leaks
  n=$(rw_reports | grep -c '^--- report file')
  if [ "$RW_MODE" = asan ]; then
    echo "realworld/$rw_pkg: suite passed ($rw_pkg $RW_VERSION, mode asan, test suite ${RW_TEST_SECONDS}s wall ${RW_TEST_CPU}s cpu, $n ASan log file(s) in $rw_logs)"
    return 0
  fi
  [ "$n" -eq 0 ] || { rw_reports >&2; rw_die "FAIL: $n report file(s) in $rw_logs"; }
  # Reports matched by <pkg>.supp: known bugs of the package, counted.
  sup=$(cat "$rw_logs"/* 2>/dev/null | sed -nE 's/^==[0-9]+==Sleuth: suppressed: ([0-9]+) .*/\1/p' |
        awk '{ s += $1 } END { print s + 0 }')
  leaks=$(cat "$rw_logs"/* 2>/dev/null | sed -nE 's/^ *suppressed: ([0-9,]+) bytes in ([0-9,]+) blocks/\2/p' |
          tr -d , | awk '{ s += $1 } END { print s + 0 }')
  if [ "$sup" -eq 0 ] && [ "$leaks" -eq 0 ]; then sup=
  else sup=", suppressed by $rw_pkg.supp (known package bugs): $sup error report(s), $leaks leaked block(s)"
  fi
  echo "realworld/$rw_pkg: PASS ($rw_pkg $RW_VERSION, mode $RW_MODE, test suite ${RW_TEST_SECONDS}s wall ${RW_TEST_CPU}s cpu, no reports$sup)"
}
