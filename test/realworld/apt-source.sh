#!/usr/bin/env bash
# apt-source.sh <package> <destdir>: fetch a Debian source package with
# apt-get source, unpack it with dpkg-source (Debian patches applied) and
# print the path of the unpacked source tree on stdout.
#
# The system is not changed: the deb-src line, the package lists and the
# downloads live under <destdir>. A tree that is already unpacked there is
# reused without touching the network. Any failure (no network, unknown
# package) is one line on stderr naming the problem, and exit status 1.
set -uo pipefail

die() { echo "apt-source.sh: $*" >&2; exit 1; }
[ $# -eq 2 ] || die "usage: apt-source.sh <package> <destdir>"
pkg=$1
dest=$2
suite=${SLEUTH_APT_SUITE:-bookworm}
mirror=${SLEUTH_APT_MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

mkdir -p "$dest" || die "cannot create $dest"
dest=$(cd "$dest" && pwd)
pkgdir="$dest/$pkg"
if [ -f "$pkgdir/.unpacked" ]; then
  echo "$pkgdir/src"
  exit 0
fi
for tool in apt-get dpkg-source flock; do
  command -v "$tool" >/dev/null || die "$tool not found (install apt, dpkg-dev and util-linux)"
done
[ -r "$keyring" ] || die "$keyring missing (install debian-archive-keyring)"

apt="$dest/apt"
mkdir -p "$apt/lists/partial"
echo "deb-src [signed-by=$keyring] $mirror $suite main" > "$apt/sources.list"
opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache")
log="$apt/$pkg.log"

# One update per destdir; parallel callers wait for it (flock) instead of
# racing on apt's lists lock.
(
  flock 9
  if ! ls "$apt/lists/"*_Sources* >/dev/null 2>&1; then
    # --error-on=any: a failed fetch (no network) is an error, not a warning.
    apt-get "${opts[@]}" --error-on=any update >"$log" 2>&1 ||
      { echo "apt-source.sh: apt-get update failed for $mirror $suite (no network?): $(grep -m1 -E '^(E|W|Err):' "$log")" >&2; exit 1; }
  fi
) 9>"$apt/lock" || exit 1

rm -rf "$pkgdir" && mkdir -p "$pkgdir/dl" || die "cannot create $pkgdir"
(cd "$pkgdir/dl" && apt-get "${opts[@]}" source --download-only "$pkg") >>"$log" 2>&1 ||
  die "apt-get source $pkg failed: $(grep -m1 -E '^(E|Err):' "$log")"
dsc=$(ls "$pkgdir/dl/"*.dsc 2>/dev/null | head -n 1)
[ -n "$dsc" ] || die "apt-get source $pkg downloaded no .dsc (see $log)"
# --no-check: apt already verified the files against the signed index.
(cd "$pkgdir" && dpkg-source --no-check -x "$dsc" src) >>"$log" 2>&1 ||
  die "dpkg-source -x $(basename "$dsc") failed (see $log)"
# Record the version next to the tree; later runs reuse both.
sed -n 's/^Version: //p' "$dsc" | head -n 1 > "$pkgdir/version"
touch "$pkgdir/.unpacked"
echo "$pkgdir/src"
