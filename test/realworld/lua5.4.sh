#!/usr/bin/env bash
# lua5.4: the interpreter and luac, built from the Debian source with
# Debian's flags (dpkg-buildflags: -O2, -D_FORTIFY_SOURCE=2, stack
# protector; the lexer, parser and code generator at -Os as upstream does).
# The package ships no test suite (upstream's lua-5.4 tests tarball is not in
# Debian), so the checks are the scripts in lua/: each asserts its results
# and ends with "OK"; one is also compiled with luac and run from bytecode.
RW_PKG=lua5.4
source "$(dirname "$0")/common.sh"

rw_fetch
cd src || exit 1
# Written by debian/rules' configure step; luaconf.h includes it.
printf '#ifndef _LUA_DEB_MULTIARCH_\n#define _LUA_DEB_MULTIARCH_\n#define DEB_HOST_MULTIARCH "%s"\n#endif\n' \
  "$(dpkg-architecture -qDEB_HOST_MULTIARCH)" > lua5.4-deb-multiarch.h
flags="$(dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)"
defs="-std=gnu99 -Wall -Wextra -DLUA_COMPAT_5_3 -DLUA_USE_LINUX"
lua_build() {
  set -e
  local f objs=()
  for f in lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject \
           lopcodes lparser lstate lstring ltable ltm lundump lvm lzio \
           lauxlib lbaselib lcorolib ldblib liolib lmathlib loadlib loslib \
           lstrlib ltablib lutf8lib linit; do
    case $f in llex|lparser|lcode) extra=-Os ;; *) extra= ;; esac
    $CC $flags $defs $extra -c $f.c -o $f.o
    objs+=($f.o)
  done
  $CC $flags $defs -c lua.c -o lua.o
  $CC $flags $defs -c luac.c -o luac.o
  $CC -o lua lua.o "${objs[@]}" -Wl,-E -ldl -lm
  $CC -o luac luac.o "${objs[@]}" -ldl -lm
}
rw_run build lua_build

lua_suite() {
  set -e
  local t
  for t in "$rw_here"/lua/*.lua; do
    echo "== $t"
    (cd "$rw_here/lua" && "$SRC/src/lua" "$t") | tee out.txt
    [ "$(tail -n 1 out.txt)" = OK ]
  done
  ./luac -o bench.luac "$rw_here/lua/bench.lua"
  (cd "$rw_here/lua" && "$SRC/src/lua" "$SRC/src/bench.luac") | tail -n 1 | grep -qx OK
  ./luac -l -l "$rw_here/lua/basics.lua" > listing.txt
  [ -s listing.txt ]
}
rw_test lua_suite
rw_finish
