#!/usr/bin/env bash
# sqlite3: the amalgamation (built from the tree with Debian's feature
# flags), then test/speedtest1.c (the benchmark driver) at a modest size,
# fuzzcheck on one of the package's fuzz-regression databases (make fuzztest),
# sessionfuzz, and a SQL script through the sqlite3 shell.
RW_PKG=sqlite3
source "$(dirname "$0")/common.sh"

command -v tclsh >/dev/null || rw_die "tclsh not found: building the sqlite3 amalgamation needs it (apt-get install tcl)"
rw_fetch
# debian/rules' CFLAGS (dpkg-buildflags' -g -O2 plus its feature list).
export CFLAGS="-g -O2 -fno-strict-aliasing -DSQLITE_SECURE_DELETE
  -DSQLITE_ENABLE_COLUMN_METADATA -DSQLITE_ENABLE_FTS3
  -DSQLITE_ENABLE_FTS3_PARENTHESIS -DSQLITE_ENABLE_RTREE=1 -DSQLITE_SOUNDEX=1
  -DSQLITE_ENABLE_UNLOCK_NOTIFY -DSQLITE_OMIT_LOOKASIDE=1
  -DSQLITE_ENABLE_DBSTAT_VTAB -DSQLITE_ALLOW_ROWID_IN_VIEW
  -DSQLITE_ENABLE_UPDATE_DELETE_LIMIT=1 -DSQLITE_ENABLE_LOAD_EXTENSION
  -DSQLITE_ENABLE_JSON1 -DSQLITE_LIKE_DOESNT_MATCH_BLOBS
  -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_FTS3_TOKENIZER=1 -DSQLITE_USE_URI=1
  -DSQLITE_MAX_SCHEMA_RETRY=25 -DSQLITE_ENABLE_PREUPDATE_HOOK
  -DSQLITE_ENABLE_SESSION -DSQLITE_ENABLE_STMTVTAB
  -DSQLITE_MAX_VARIABLE_NUMBER=250000"
CFLAGS=$(echo $CFLAGS)
mkdir -p bld && cd bld || exit 1
rw_run configure ../configure --disable-tcl --enable-threadsafe \
  --enable-load-extension --enable-json --enable-fts4 --enable-fts5 \
  --enable-shared=no
rw_run build make -j"$RW_JOBS" sqlite3.c sqlite3 speedtest1 fuzzcheck sessionfuzz

sqlite3_suite() {
  set -e
  # speedtest1's default size is 100; 25 keeps the instrumented run short.
  ./speedtest1 --size 25 --testset main speedtest1.db
  ./speedtest1 --size 10 --testset rtree --memdb
  ./speedtest1 --size 10 --testset cte --memdb
  # One of the eight fuzz-regression databases of `make fuzztest` (~25 s
  # instrumented here); the whole set took 15 min with Sleuth on this machine.
  ./fuzzcheck ../test/fuzzdata8.db
  ./sessionfuzz run ../test/sessionfuzz-data1.db
  ./sqlite3 shell.db < "$rw_here/sqlite3-shell.sql" > shell.out
  diff -u "$rw_here/sqlite3-shell.expected" shell.out
}
rw_test sqlite3_suite
rw_finish
