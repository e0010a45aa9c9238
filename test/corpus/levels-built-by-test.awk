# levels-built-by-test.awk FILE: prints the -O levels (0-3, one a line) at
# which FILE's own lit RUN lines already compile FILE itself with sleuth-cc
# or sleuth-c++ and its full debug info, so that the compile corpus
# (run.sh sources) need not compile it again at those levels. A compile
# counts only when nothing can keep it from running or change what it
# compiles: no REQUIRES/UNSUPPORTED/XFAIL in the file, not expected to fail
# (`not`), no other clang named, no wrapper or pass option, no -x, -D, -U,
# -I or -include, no -g0/-gline-tables-only, no stop before code generation
# (-E, -S, -fsyntax-only, -emit-llvm). A file without RUN lines (any source
# outside lit/) prints nothing: every level is compiled.
/^[ \t]*\/\/[ \t]*(REQUIRES|UNSUPPORTED|XFAIL):/ { conditional = 1 }
{
  i = index($0, "RUN:")
  if (i == 0) next
  line = substr($0, i + 4)
  if (cont != "") line = cont " " line
  if (line ~ /\\[ \t]*$/) { sub(/\\[ \t]*$/, "", line); cont = line; next }
  cont = ""
  n = split(line, seg, /&&|\|\||;|\|/)
  for (k = 1; k <= n; k++) {
    s = " " seg[k] " "
    if (s !~ /%sleuth_(cc|cxx)[ \t]/ || s !~ /[ \t]%s[ \t]/) continue
    if (s ~ /CLANG=|SLEUTH_PASS_OPTIONS|[ \t]not[ \t]|[ \t]-[xDUI]|[ \t]-include|[ \t]--|-fplugin-arg|-mllvm|[ \t]-Xclang|-g0|-gline|-gmlt|[ \t]-E[ \t]|[ \t]-S[ \t]|-fsyntax-only|-emit-llvm/) continue
    level = 0
    rest = s
    while (match(rest, /[ \t]-O[0-9sz]?[ \t]/)) {
      o = substr(rest, RSTART + 1, RLENGTH - 2)
      level = (o ~ /^-O[0-3]$/) ? substr(o, 3, 1) : "x"
      rest = substr(rest, RSTART + RLENGTH - 1)
    }
    if (level != "x") built[level] = 1
  }
}
END {
  if (conditional) exit
  for (l = 0; l <= 3; l++) if (l in built) print l
}
