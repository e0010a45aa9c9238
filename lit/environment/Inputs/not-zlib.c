// Built as "libz.so.1" by symbolizer-library-path.c: a library of the
// program's build directory that has the soname of one llvm-symbolizer
// links, but none of its symbols (as a program's own build of zlib, built
// with Sleuth, has no Sleuth runtime for the symbolizer).
int not_zlib(void) { return 1; }
