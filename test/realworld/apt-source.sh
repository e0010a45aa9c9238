#!/bin/sh
# apt-source.sh PACKAGE DESTDIR: download the Debian source package PACKAGE
# and extract its upstream tarball under DESTDIR; print the extracted
# directory's absolute path on stdout (the only line on stdout).
#
# The system's apt configuration is left alone: the sources list, the
# package lists and apt's caches live in DESTDIR/apt-state, so this needs no
# deb-src line in /etc/apt and changes nothing outside DESTDIR. A second
# call with the same DESTDIR reuses the lists (apt-get update then only
# checks they are current).
#
# Environment: SLEUTH_APT_MIRROR (default http://deb.debian.org/debian),
# SLEUTH_APT_SUITE (default bookworm).
# Exit status 1 with one line on stderr when the download fails, for
# example without network: tests that use this must fail, not skip.
set -u

if [ $# -ne 2 ]; then
  echo "usage: apt-source.sh PACKAGE DESTDIR" >&2
  exit 2
fi
pkg=$1
mkdir -p "$2" || exit 1
dest=$(cd "$2" && pwd)
mirror=${SLEUTH_APT_MIRROR:-http://deb.debian.org/debian}
suite=${SLEUTH_APT_SUITE:-bookworm}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
state="$dest/apt-state"

fail() {
  echo "apt-source.sh: $*" >&2
  exit 1
}

[ -f "$keyring" ] || fail "$keyring is missing (apt-get install debian-archive-keyring)"
mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/download" || exit 1
echo "deb-src [signed-by=$keyring] $mirror $suite main" > "$state/sources.list"

# Private sources list, lists and caches; no sources.list.d parts.
apt_private() {
  apt-get -q -o Dir::Etc::SourceList="$state/sources.list" \
    -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$state/lists" \
    -o Dir::Cache="$state/cache" \
    -o APT::Sandbox::User=root "$@"
}

log="$state/apt.log"
# --error-on=any: a failed fetch is an error, not a warning with status 0.
if ! apt_private update --error-on=any > "$log" 2>&1; then
  fail "cannot fetch the source index of $suite from $mirror (network unreachable?); apt-get said: $(grep -E '^(E|W):' "$log" | head -n 1)"
fi
rm -rf "$state/download"/*
if ! (cd "$state/download" && apt_private source --download-only "$pkg") >> "$log" 2>&1; then
  fail "cannot download the source package '$pkg' from $mirror ($suite); apt-get said: $(grep -E '^(E|W):' "$log" | tail -n 1)"
fi

# The upstream tarball (a native package has no .orig: use its .tar.*).
tarball=$(ls "$state/download"/*.orig.tar.* 2>/dev/null | head -n 1)
[ -n "$tarball" ] || tarball=$(ls "$state/download"/*.tar.* 2>/dev/null | grep -v '\.debian\.tar\.' | head -n 1)
[ -n "$tarball" ] || fail "no source tarball among the files apt-get downloaded for '$pkg'"
top=$(tar tf "$tarball" | head -n 1 | cut -d/ -f1)
[ -n "$top" ] || fail "$tarball is empty or not a tar archive"
rm -rf "${dest:?}/$top"
tar xf "$tarball" -C "$dest" || fail "cannot extract $tarball"
echo "$dest/$top"
