// A global marked __attribute__((used)) (kept in llvm.used) gets a redzone
// like any other: an overflow past its end is a global-buffer-overflow that
// names it, as ASan reports it, static or not, at -O0 and -O2; the used
// static one stays in the object file under its name.
// RUN: %sleuth_cc -O0 %s -o %t && not %run %t ext 2>&1 | FileCheck %s -DVAR=used_global -DLINE=9
// RUN: %sleuth_cc -O2 %s -o %t && not %run %t ext 2>&1 | FileCheck %s -DVAR=used_global -DLINE=9
// RUN: not %run %t static 2>&1 | FileCheck %s -DVAR=used_static -DLINE=10
// RUN: %sleuth_cc -O2 -c %s -o %t.o && %llvm_objdump -t %t.o | FileCheck %s --check-prefix=SYMS
char __attribute__((used)) used_global[5] = {0};
static char __attribute__((used)) used_static[6] = {0};
char plain_global[5] = {0};

int main(int argc, char **argv) {
  volatile char *p = argv[1][0] == 'e' ? used_global : used_static;
  int n = argv[1][0] == 'e' ? 5 : 6;
  return p[n + argc - 2];
  // CHECK: ERROR: Sleuth: global-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc
  // CHECK-NEXT: READ of size 1 at [[ADDR]] thread T0
  // CHECK-NEXT: {{#0 0x[0-9a-f]+ in main .*}}used-attribute.c:[[@LINE-3]]
  // CHECK: [[ADDR]] is located 0 bytes after global variable '[[VAR]]' defined in '{{.*}}used-attribute.c:[[LINE]]:{{[0-9]+}}' ({{0x[0-9a-f]+}}) of size
  // CHECK: SUMMARY: Sleuth: global-buffer-overflow
}
// SYMS-DAG: used_global
// SYMS-DAG: used_static
