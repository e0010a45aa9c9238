# Prints FileCheck's -DNAME=LINE for every line of the file $1 that ends
# in a marker comment "// NAME" (upper case): CHECK lines can then name
# source lines however far they are from the checks.
grep -n '// [A-Z][A-Z_]*$' "$1" | sed 's#^\([0-9]*\):.*// \([A-Z][A-Z_]*\)$#-D\2=\1#' | tr '\n' ' '
