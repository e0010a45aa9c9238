#!/bin/sh
# fresh-install.sh DEB...: the packages on a fresh Debian 12, as a user
# gets them (by hand: needs root and the network; not part of ctest).
#   1. debootstrap bookworm into $SLEUTH_FRESH_ROOT (default /tmp/sleuth-fresh;
#      an existing one is reused: pass a new directory for a clean run);
#   2. in a chroot: apt-get install ./sleuth-cc-*.deb (apt pulls in clang-N
#      and llvm-N from the archive);
#   3. the demo (examples/run-demo.sh) with the plain names, which are the
#      alternatives, then with each versioned sleuth-cc-N; a report must
#      come out, naming the example's file and line;
#   4. with two packages: removing the newer one leaves the older one the
#      sleuth-cc alternative, still working.
# The mirror is $SLEUTH_MIRROR (default http://deb.debian.org/debian; the
# security suite, which has clang-22 on Debian 12, is next to it).
set -eu
if [ $# -lt 1 ] || [ "$(id -u)" -ne 0 ]; then
  echo "usage (as root): fresh-install.sh sleuth-cc-14_*.deb [sleuth-cc-22_*.deb]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
root=${SLEUTH_FRESH_ROOT:-/tmp/sleuth-fresh}
mirror=${SLEUTH_MIRROR:-http://deb.debian.org/debian}

if [ ! -x "$root/usr/bin/apt-get" ]; then
  command -v debootstrap >/dev/null || { echo "needs debootstrap (apt-get install debootstrap)"; exit 2; }
  debootstrap --variant=minbase bookworm "$root" "$mirror"
fi
cat > "$root/etc/apt/sources.list" <<L
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
L
cp /etc/resolv.conf "$root/etc/resolv.conf"
rm -rf "$root/tmp/sleuth" && mkdir -p "$root/tmp/sleuth/debs"
cp "$@" "$root/tmp/sleuth/debs/"
cp -r "$src/examples" "$root/tmp/sleuth/examples"
mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
in_root apt-get update -qq
in_root sh -c 'cd /tmp/sleuth/debs && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./sleuth-cc-*.deb'
in_root update-alternatives --display sleuth-cc

# demo NAME-SUFFIX: run-demo.sh with /usr/bin/sleuth-cc$1 and friends.
demo() {
  d=/tmp/sleuth/demo$1
  mkdir -p "$root$d/bin"
  for t in sleuth-cc sleuth-c++ sleuth-report; do
    ln -sf "/usr/bin/$t$1" "$root$d/bin/$t"
  done
  in_root sh /tmp/sleuth/examples/run-demo.sh "$d" /tmp/sleuth/examples \
    > "$root$d/demo.log" 2>&1 || { tail -20 "$root$d/demo.log"; echo "FAIL: demo with sleuth-cc$1"; exit 1; }
  grep -q "SUMMARY: Sleuth: heap-buffer-overflow /tmp/sleuth/examples/heap_overflow.c:7" "$root$d/demo.log" ||
    { sed -n '/heap_overflow.c/,+12p' "$root$d/demo.log"; echo "FAIL: no report with sleuth-cc$1"; exit 1; }
  echo "demo with sleuth-cc$1: OK"
}
demo ""
sed -n '/### heap_overflow.c/,/exited with/p' "$root/tmp/sleuth/demo/demo.log"
majors=$(in_root sh -c 'ls /usr/lib | sed -n "s/^sleuth-\([0-9]*\)$/\1/p" | sort -n')
for m in $majors; do demo "-$m"; done
set -- $majors
if [ $# -ge 2 ]; then
  newest=$(echo "$majors" | tail -n 1)
  in_root apt-get remove -y -q "sleuth-cc-$newest" > /dev/null
  in_root update-alternatives --query sleuth-cc | grep '^Value:'
  demo ""
fi
echo "PASS: fresh install of $(cd "$root/tmp/sleuth/debs" && echo *)"
