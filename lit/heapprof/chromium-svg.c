// The pictures as a user sees them: the flame graph and the timeline of a
// real run, rendered in headless Chromium (Inputs/chromium_page.py), with
// no script error, inline in a page or opened on their own. The flame
// graph shows its total in MiB; its search() colours the matching frame
// and reports the share it covers; hovering the 4000-byte sliver of
// small_site (about 1 pixel wide, no label of its own) shows a tooltip with
// its name, source line, module, bytes and percentage. The timeline's
// panels (the overhead panel too: an instrumented run) name what they hold
// now, and its dump marks carry the files' numbers (.0.heap, .1.heap) and
// why each was written (the program's call, the exit).
// REQUIRES: chromium
// RUN: %sleuth_cc -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_timeline_ms=10:heap_profile_prefix=%t.d/p:detect_leaks=0 %run %t %t.d/p
// RUN: %sleuth_build/bin/sleuth-report --flamegraph %t.flame.svg %t.d/p.*.1.heap
// RUN: %python %S/Inputs/chromium_page.py flame %t.flame.svg small_site small_site | FileCheck %s --check-prefix=FLAME
// FLAME: errors: none
// FLAME-NEXT: text: Total: 4.0 MiB ({{419[0-9][0-9][0-9][0-9]}} bytes) (inuse_space)
// FLAME-NEXT: search: frames=1 value=4000 percent=0.{{[0-9]+}} matched=Matched: 3.9 KiB (4000 bytes), 0.{{[0-9]+}}% (1 frame)
// FLAME-NEXT: tip: small_site chromium-svg.c:[[@LINE+58]] (chromium-svg.c.tmp) — 3.9 KiB (4000 bytes), 0.{{[0-9]+}}% visible
// FLAME-NOT: standalone
// FLAME: rendered
// A regular expression matches both sites; main, their caller, does not.
// RUN: %python %S/Inputs/chromium_page.py flame %t.flame.svg 'big_site|small_site' big_site | FileCheck %s --check-prefix=RE
// RE: search: frames=2 value=4198304 percent={{9[0-9]\.[0-9]+|100\.00}} matched=Matched: 4.0 MiB (4198304 bytes)
// RE-NEXT: tip: big_site chromium-svg.c:{{[0-9]+}} (chromium-svg.c.tmp) — 4.0 MiB (4194304 bytes), {{9[0-9]\.[0-9]+|100\.00}}% visible
// RUN: %sleuth_build/bin/sleuth-report --timeline %t.tl.svg %t.d/p.*.timeline
// RUN: %python %S/Inputs/chromium_page.py timeline %t.tl.svg | FileCheck %s --check-prefix=TL
// TL: errors: none
// TL-NEXT: text: Heap in use — now {{[0-9.]+ (B|KiB|MiB)}}
// TL-NEXT: text: Sleuth's overhead — now {{[0-9.]+ (KiB|MiB)}}
// TL-NEXT: text: Allocations per second — now {{[0-9.]+k?/s}}, {{[0-9]+}} since start
// TL-NEXT: text: RSS — now {{[0-9.]+ MiB}}
// TL-NEXT: dumps: 0 api 1 exit
// TL-NOT: standalone
// TL: rendered
// Profile-only mode (sleuth-run --profile): no overhead panel, where it
// would mean nothing (a plain build: its sleuth_heap_profile_dump call
// compiles to nothing, so the exit dump is the only one).
// RUN: %clang -O1 -g -I %S/../../include %s -o %t.plain
// RUN: env SLEUTH_OPTIONS=heap_profile_sample=1:heap_profile_timeline_ms=10:heap_profile_prefix=%t.d/q %sleuth_run --profile %t.plain %t.d/q
// RUN: %sleuth_build/bin/sleuth-report --timeline %t.q.svg %t.d/q.*.timeline
// RUN: %python %S/Inputs/chromium_page.py timeline %t.q.svg | FileCheck %s --check-prefix=PROFILE
// PROFILE: errors: none
// PROFILE-NEXT: text: Heap in use — now {{[0-9.]+ (B|KiB|MiB)}}
// PROFILE-NEXT: text: Allocations per second — now {{[0-9.]+k?/s}}, {{[0-9]+}} since start
// PROFILE-NEXT: text: RSS — now {{[0-9.]+ MiB}}
// PROFILE-NEXT: dumps: 0 exit
// PROFILE: rendered
#include <sleuth/sleuth.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tl[4096];

// Sample lines in the timeline so far (waits for the sampler, however
// long it takes, so that the chart has a line to draw).
static int samples(void) {
  FILE *f = fopen(tl, "r");
  int n = 0;
  char line[512];
  while (f && fgets(line, sizeof line, f))
    n += !strncmp(line, "sample ", 7);
  if (f)
    fclose(f);
  return n;
}

static void *volatile keep[65];

__attribute__((noinline)) static void big_site(void) {
  for (int i = 0; i < 64; i++)
    memset(keep[i] = malloc(64 << 10), 1, 64 << 10);
}

__attribute__((noinline)) static void small_site(void) { keep[64] = malloc(4000); }

int main(int argc, char **argv) {
  (void)argc;
  snprintf(tl, sizeof tl, "%s.%d.timeline", argv[1], getpid());
  big_site();
  small_site();
  while (samples() < 3)
    usleep(5000);
  sleuth_heap_profile_dump(NULL);
  return 0;
}
