#!/bin/sh
# check-deb.sh BUILD WORKDIR: `cpack -G DEB` in a Sleuth build tree makes
# sleuth-cc-<llvm>_<version>_amd64.deb, and its contents are right:
#  - every file under /usr, the tree in /usr/lib/sleuth-<llvm>/, the
#    versioned commands in /usr/bin (links into it) and sleuth-<llvm>.pc;
#  - no path of the build tree, the source tree's build dir or cpack's
#    staging tree in anything read at run time (debug sections are left
#    out: they may name source files);
#  - Depends names clang-<llvm>, zlib1g (sleuth-report) and llvm-<llvm> (llvm-symbolizer, at the
#    path the runtime and sleuth-report record), and postinst/prerm manage
#    the sleuth-cc alternative;
#  - used from the unpacked tree through the /usr/bin link, sleuth-cc-<llvm>
#    builds a program whose heap overflow is reported, and the CMake package
#    and pkg-config file resolve into the package's prefix.
# The install on a fresh Debian system is fresh-install.sh (by hand: root,
# network).
set -u
if [ $# -ne 2 ]; then
  echo "usage: check-deb.sh BUILD WORKDIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
rm -rf "$2" && mkdir -p "$2" && work=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for tp in cpack:cmake dpkg-deb:dpkg objcopy:binutils; do
  t=${tp%%:*}
  command -v $t >/dev/null 2>&1 || {
    echo "UNSUPPORTED: check-deb needs $t (apt-get install ${tp#*:})"
    exit 0
  }
done
major=$(sed -n 's/^LLVM_MAJOR=.\([0-9]*\).$/\1/p' "$build/bin/sleuth-cc")
[ -n "$major" ] || { echo "FAIL: no LLVM_MAJOR in $build/bin/sleuth-cc"; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out") > "$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; echo "FAIL: cpack -G DEB"; exit 1; }
set -- "$work"/out/sleuth-cc-"$major"_*_amd64.deb
[ -f "$1" ] || { cat "$work/cpack.log"; echo "FAIL: no sleuth-cc-${major}_*.deb"; exit 1; }
deb=$1
echo "package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb -x "$deb" "$work/root"
dpkg-deb -e "$deb" "$work/control"
p=/usr/lib/sleuth-$major
r=$work/root

# Layout.
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' > "$work/files"
grep -v '^/$' "$work/files" | grep -v '^/usr/' && fail "files outside /usr"
for f in $p/bin/sleuth-cc $p/bin/sleuth-c++ $p/bin/sleuth-run $p/bin/sleuth-report \
         $p/lib/sleuth/SleuthPass.so $p/lib/sleuth/SleuthClang.so \
         $p/lib/sleuth/libsleuth_rt.a $p/lib/sleuth/libsleuth_rt.syms \
         $p/lib/sleuth/libsleuth.so $p/include/sleuth/sleuth.h \
         $p/lib/cmake/Sleuth/SleuthConfig.cmake $p/lib/pkgconfig/sleuth.pc \
         /usr/lib/pkgconfig/sleuth-$major.pc; do
  [ -f "$r$f" ] || fail "missing $f"
done
for t in sleuth-cc sleuth-c++ sleuth-run sleuth-report; do
  l=$(readlink "$r/usr/bin/$t-$major") || { fail "/usr/bin/$t-$major is not a link"; continue; }
  [ "$l" = "../lib/sleuth-$major/bin/$t" ] || fail "/usr/bin/$t-$major -> $l"
done
for t in sleuth-cc sleuth.pc; do
  [ -e "$r/usr/bin/$t" ] || [ -e "$r/usr/lib/pkgconfig/$t" ] &&
    fail "$t is in the package (it is an alternative, made by postinst)"
done

# No build, source-build or staging paths outside debug information.
strip_dir=$work/stripped
mkdir -p "$strip_dir"
find "$r" -type f | while read -r f; do
  case $(head -c 4 "$f" | od -An -c | tr -d ' ') in
    177ELF) objcopy --strip-debug "$f" "$strip_dir/x" 2>/dev/null && f=$strip_dir/x ;;
    '!<ar') objcopy --strip-debug "$f" "$strip_dir/x" 2>/dev/null && f=$strip_dir/x ;;
  esac
  for bad in "$build" "_CPack_Packages" "$work"; do
    if grep -q -F -- "$bad" "$f"; then
      echo "FAIL: ${f#$r} names $bad"
      echo x >> "$work/bad-paths"
    fi
  done
done 2>&1 | sed "s|$strip_dir/x|(stripped copy)|"
[ -s "$work/bad-paths" ] && fails=$((fails + 1))
grep -q -F "$build" "$r$p/lib/sleuth/libsleuth_rt.a" &&
  fail "libsleuth_rt.a's debug info names the build tree (comp dir not mapped)"

# Dependencies and maintainer scripts.
deps=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $deps"
for d in "clang-$major" "llvm-$major" zlib1g; do
  echo "$deps" | tr ',' '\n' | grep -q "^ *$d\( \|$\)" || fail "Depends lacks $d"
done
grep -q "update-alternatives --install /usr/bin/sleuth-cc sleuth-cc $p/bin/sleuth-cc $major" \
  "$work/control/postinst" || fail "postinst does not install the sleuth-cc alternative"
grep -q "update-alternatives --remove sleuth-cc $p/bin/sleuth-cc" \
  "$work/control/prerm" || fail "prerm does not remove the alternative"
sym=$(strings "$r$p/lib/sleuth/libsleuth.so" | grep -m1 '/llvm-symbolizer$')
[ "$sym" = "/usr/lib/llvm-$major/bin/llvm-symbolizer" ] ||
  fail "recorded symbolizer is '$sym', not llvm-$major's"
grep -q "^prefix=$p\$" "$r/usr/lib/pkgconfig/sleuth-$major.pc" ||
  fail "sleuth-$major.pc does not have prefix=$p"

# Used from the unpacked tree through the versioned link.
cat > "$work/overflow.c" <<'C'
#include <stdlib.h>
int main(void) {
  char *p = malloc(8);
  p[8] = 1;
  free(p);
  return 0;
}
C
if "$r/usr/bin/sleuth-cc-$major" -O0 "$work/overflow.c" -o "$work/overflow"; then
  "$work/overflow" > "$work/overflow.out" 2>&1
  grep -q "SUMMARY: Sleuth: heap-buffer-overflow .*overflow.c:4" "$work/overflow.out" ||
    { sed 5q "$work/overflow.out"; fail "no report from a program built with /usr/bin/sleuth-cc-$major"; }
else
  fail "/usr/bin/sleuth-cc-$major cannot build a program"
fi
# The CMake package through a link, as /usr/lib/cmake/Sleuth is one.
ln -s "$r$p/lib/cmake/Sleuth" "$work/Sleuth-link"
mkdir -p "$work/cmake-proj"
cat > "$work/cmake-proj/CMakeLists.txt" <<C
cmake_minimum_required(VERSION 3.20)
project(where NONE)
find_package(Sleuth CONFIG REQUIRED PATHS "$work/Sleuth-link" NO_DEFAULT_PATH)
message(STATUS "plugin=\${SLEUTH_PASS_PLUGIN}")
C
got=$(cmake -S "$work/cmake-proj" -B "$work/cmake-proj/b" 2>&1 | sed -n 's/^-- plugin=//p')
[ "$got" = "$r$p/lib/sleuth/SleuthPass.so" ] ||
  fail "find_package(Sleuth) through a link finds '$got'"

if [ "$fails" -eq 0 ]; then echo PASS; else echo "FAIL ($fails)"; exit 1; fi
