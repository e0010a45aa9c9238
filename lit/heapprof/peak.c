// --peak: the heap's high-water mark and the sites holding the heap at
// its highest, as the runtime recorded them. The program holds 1 MiB in steady_site, then
// 8 MiB more in burst_site, frees the burst, and ends with 2 MiB in
// steady_site: at exit burst_site holds nothing, but at the peak it held
// 8 MiB beside steady_site's 1 MiB. With every allocation recorded the
// figures and the calls are exact; sampled, they are estimates whose
// error bars hold the truth.
// RUN: %sleuth_cc -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=1:heap_profile_timeline_ms=5:heap_profile_prefix=%t.d/p:detect_leaks=0 %run %t
// RUN: %sleuth_build/bin/sleuth-report --peak %t.d/p.*.0.heap | FileCheck %s --check-prefix=EXACT
// EXACT: High-water mark: {{9\.[0-9]}} MiB ({{[0-9]+}} bytes) in use at {{[0-9.]+}} s (exact counters, the highest of the timeline's {{[0-9]+}} samples
// EXACT-NEXT: Recorded live heap at its highest: 9.0 MiB at {{[0-9.]+}} s: the sites below held it then
// EXACT-NEXT: Every allocation recorded (heap_profile_sample=1): exact bytes, objects and calls
// EXACT: bytes share +-2s objects +-2s n calls site (caller of the allocator)
// EXACT-NEXT: 8388608 88.89% 0 2048 0 2048 2048 burst_site peak.c:[[@LINE+44]] (peak.c.tmp)
// EXACT-NEXT: 1048576 11.11% 0 256 0 256 512 steady_site peak.c:[[@LINE+38]] (peak.c.tmp)
// The sizes: 2048 + 512 blocks of 4 KiB, nothing else from the program.
// RUN: %sleuth_build/bin/sleuth-report --sizes %t.d/p.*.0.heap | FileCheck %s --check-prefix=SIZES
// SIZES: Allocation sizes since start (requested bytes): {{[0-9]+}} allocations (every allocation recorded: exact)
// SIZES: 4096 - 8191 2560 0 2560 {{[0-9.]+}}% ########################################
// Sampled: the burst's bytes at the peak within their bar, objects too.
// Its timeline has no samples: the estimate alone.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=65536:heap_profile_timeline_ms=0:heap_profile_prefix=%t.d/s:detect_leaks=0 %run %t
// RUN: %sleuth_build/bin/sleuth-report --peak %t.d/s.*.0.heap > %t.sampled
// RUN: FileCheck %s --check-prefix=SAMPLED < %t.sampled
// SAMPLED: High-water mark: the timeline {{.*}} has no samples
// SAMPLED: Sample interval 65536 bytes: estimates, +-2s = 2 sigma
// RUN: %python -c "import sys; w=[l.split() for l in open(sys.argv[1]) if l.rstrip().endswith('(peak.c.tmp)') and 'burst_site' in l][0]; b,e,o,oe=float(w[0]),float(w[2]),float(w[3]),float(w[4]); print('bytes ok' if abs(b-8388608)<=2*e+1 else 'bytes %d +- %d' % (b,e)); print('objects ok' if abs(o-2048)<=2*oe+1 else 'objects %d +- %d' % (o,oe))" %t.sampled | FileCheck %s --check-prefix=BARS
// BARS: bytes ok
// BARS-NEXT: objects ok
// With the in-use watch on (heap_profile_peak=1, which also writes dumps
// at new peaks), the high-water mark is its exact figure whatever the
// timeline's spacing (none here), and the timeline says why each dump was
// written.
// RUN: env SLEUTH_OPTIONS=heap_profile=1:heap_profile_sample=65536:heap_profile_timeline_ms=0:heap_profile_peak=1:heap_profile_prefix=%t.d/w:detect_leaks=0 %run %t
// RUN: %sleuth_build/bin/sleuth-report --peak `ls %t.d/w.*.heap | sort -t. -k3 -n | tail -1` | FileCheck %s --check-prefix=WATCH
// WATCH: High-water mark: {{9\.[0-9]}} MiB ({{[0-9]+}} bytes) in use at {{[0-9.]+}} s (exact counters, the runtime's in-use watch: within 64 KiB per thread)
// RUN: FileCheck %s --check-prefix=WHY < `ls %t.d/w.*.timeline`
// WHY: dump {{[0-9]+}} why=peak {{.*}}w.{{[0-9]+}}.0.heap
// WHY: dump {{[0-9]+}} why=exit
#include <stdlib.h>
#include <time.h>

static void *steady[512], *burst[2048];

static void pause_ms(long ms) {
  struct timespec ts = {0, ms * 1000000};
  while (nanosleep(&ts, &ts))
    ;
}

__attribute__((noinline)) static void steady_site(int from, int to) {
  for (int i = from; i < to; i++)
    steady[i] = malloc(4096);
}

__attribute__((noinline)) static void burst_site(void) {
  for (int i = 0; i < 2048; i++)
    burst[i] = malloc(4096);
}

int main(void) {
  steady_site(0, 256);
  burst_site();
  pause_ms(30); /* a timeline sample sees the top */
  for (int i = 0; i < 2048; i++)
    free(burst[i]);
  steady_site(256, 512);
  pause_ms(30);
  return 0;
}
