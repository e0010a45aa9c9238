/* The leak checker (leak.c: the scan; leak_report.c: the report). */
#ifndef SLEUTH_LEAK_H
#define SLEUTH_LEAK_H

#include "sys.h"

enum leak_tag {
  LEAK_UNREACHED, /* during the scan only */
  LEAK_POSSIBLE,
  LEAK_REACHABLE,
  LEAK_INDIRECT,
  LEAK_DIRECT,
  LEAK_SKIP,   /* a malloc'd superblock holding pool blocks: not reported */
  LEAK_GROWTH, /* a record of still-reachable bytes that grew at every
                  growth check (leak_growth.c); never a block's tag */
};

/* One live block as the scan saw it. */
typedef struct {
  uptr beg, size;
  uint32_t stack;
  uint32_t tag;
} leak_block;

/* Exit-time scan (when detect_leaks=1) and growth report (when growth
 * checks ran): reports, and returns 1 if a kind listed in leak_kinds_fail
 * was found. */
int leak_check_at_exit(void);
/* An exit handler that exit() calls directly (registered after ld.so's
 * own, from the executable's .init_array): records how much of the main
 * thread's stack is still live (unwind_live_floor_at_exit) for the exit
 * scan, which runs later, from _dl_fini, where the unwinder cannot reach
 * exit's frame. */
void leak_note_exit_floor(void);

/* Groups the classified blocks by allocation stack and kind and prints the
 * report (DESIGN.md §4); nothing if there is nothing to show. only_new:
 * only records that are new or grew since the previous report. Sets *fail
 * if a kind in leak_kinds_fail is present. Returns the bytes definitely,
 * indirectly or possibly lost (in the printed records when only_new). */
size_t leak_report(const leak_block *blocks, size_t n, int only_new, int *fail);

/* Runs one scan (stops the world, marks, classifies) and hands the blocks
 * to consume before releasing them; scans are serialised. self_sp: the
 * caller's stack pointer (its stack is scanned from there up) when the
 * caller is a program thread (registered: 1), or any value when it is a
 * runtime thread without a thread record (registered: 0), whose stack is
 * not a root. */
typedef void (*leak_consumer)(const leak_block *blocks, size_t n, void *arg);
void leak_scan(uptr self_sp, int registered, leak_consumer consume, void *arg);

/* One growth check (leak_growth.c, DESIGN.md §4 growth leaks): a scan, then
 * the still-reachable bytes of each allocation stack are compared with the
 * previous checks'. After the leak_growth_checks-th check, prints the
 * stacks that grew at every one. Safe from a runtime-owned background
 * thread that is not a program thread (the service thread calls it every
 * heap_profile_interval_s). */
void leak_growth_check(void);
/* The same for a program thread; returns the bytes currently held by
 * stacks that grew at every check so far (0 before the second check, and
 * for calls after the leak_growth_checks-th check, which do nothing). */
size_t leak_growth_check_from(uptr self_sp, int registered);
/* At exit: prints the growing stacks if at least two checks ran and they
 * were not printed yet. Returns 1 if growth is in leak_kinds_fail and a
 * growing stack was reported (now or at an earlier check). */
int leak_growth_at_exit(void);
/* fork(): scans and growth checks hold these while they symbolize; taken
 * before every other runtime lock. */
void leak_growth_after_fork_child(void);
void leak_growth_lock(void);
void leak_growth_unlock(void);
void leak_scan_lock(void);
/* Calls fn for every __lsan_register_root_region range (lsan_compat.c);
 * lock-free, for the scan with the world stopped. */
void leak_for_each_root_region(void (*fn)(uptr lo, uptr hi));
/* The program's __lsan_is_turned_off (1: no check at exit), or ours (0). */
int __lsan_is_turned_off(void);
/* The leak check at exit has already run (__lsan_do_leak_check). */
int leak_final_check_done(void);
void leak_scan_unlock(void);

/* Runs fn(arg) with every other thread parked (stoptheworld.h) and the
 * large-block and thread tables locked, for checks that read every heap
 * block (the preloaded runtime's exit check, redzone_pattern.c). A parked
 * thread may be anywhere, also in the middle of malloc or free: fn takes
 * no lock and allocates nothing (a parked thread may hold ialloc's lock),
 * waits for nothing, and accepts a block that is half allocated or half
 * freed (allocator_internal.h, allocator_live_block_in_slot). */
void leak_with_world_stopped(void (*fn)(void *), void *arg);
/* From fn: read(arg) with faults recovered (a quarantined slot a parked
 * thread was hiding, a page the program protected); on_fault if one
 * came. */
int leak_guarded_read(int (*read)(void *), void *arg, int on_fault);
#endif
