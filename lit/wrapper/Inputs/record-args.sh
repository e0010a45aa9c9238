#!/bin/sh
# Stands in for clang in wrapper tests (SLEUTH_CC_CLANG): answers --version
# as the real clang (REAL_CLANG) does, and otherwise writes the arguments
# sleuth-cc passed, one a line, to ARGS_FILE.
case "$1" in
  --version) exec "$REAL_CLANG" --version ;;
esac
printf '%s\n' "$@" > "$ARGS_FILE"
