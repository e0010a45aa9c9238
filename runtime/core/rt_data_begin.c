/* Marks the start of the runtime's own .data and .bss. This file is the
 * first object of the runtime and rt_data_end.c the last, and linkers lay
 * out input sections in input order, so every runtime global lies between
 * the two markers. The leak scan does not treat that range as a root
 * (leak_runtime_data in leak.c checks the layout before trusting it). */
__attribute__((used, visibility("hidden"))) char sleuth_rt_data_begin[8] = {1};
__attribute__((used, visibility("hidden"))) char sleuth_rt_bss_begin[8];
