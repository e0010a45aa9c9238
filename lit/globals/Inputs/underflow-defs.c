// Globals of another file for underflow.c, one per section: each is the
// first (and only) redzoned global of its section in this module.
int zeroed[4];                         // .bss
int counts[4] = {1, 2, 3, 4};          // .data
const int limits[4] = {10, 20, 30, 40}; // .rodata
