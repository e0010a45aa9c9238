/* Marks the end of the runtime's own .data and .bss (see rt_data_begin.c). */
__attribute__((used, visibility("hidden"))) char sleuth_rt_data_end[8] = {1};
__attribute__((used, visibility("hidden"))) char sleuth_rt_bss_end[8];
