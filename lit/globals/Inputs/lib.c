int lib_table[7] = {1, 2, 3, 4, 5, 6, 7};
int lib_get(int i) { return lib_table[i]; }
