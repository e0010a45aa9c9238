// gotos into and out of scopes with locals, VLAs left by goto, a loop made
// of labels, switch cases jumping over declarations, and computed goto
// (a function whose blocks have their address taken).
#include <stdio.h>
#include <string.h>

static unsigned long checksum;
static void mix(unsigned long v) { checksum = checksum * 1000003u ^ v; }

__attribute__((noinline)) static void note(int *p, int v) { *p += v; mix(*p); }

static int out_of_scope(int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) {
    int cell[4] = {i};
    note(cell, i);
    if (cell[0] > 5)
      goto done;
    total += cell[0];
  }
done:
  return total;
}

static int into_scope(int n) {
  int r = 0;
  if (n & 1)
    goto inside;
  {
    int x;
  inside:
    x = n;
    note(&x, 1);
    r = x;
  }
  return r;
}

static int vla_goto(int n) {
  int sum = 0;
  for (int round = 0; round < 3; ++round) {
    char vla[n + round + 1];
    memset(vla, round, sizeof vla);
    if (round == 1)
      goto next;
    sum += vla[n];
  next:
    sum += (int)sizeof vla;
  }
  return sum;
}

static int switch_jump(int k) {
  switch (k % 3) {
    int hidden;
  case 0:
    hidden = 3;
    note(&hidden, k);
    return hidden;
  case 1: {
    int seen[2] = {k, k};
    note(seen, 1);
    return seen[0] + seen[1];
  }
  default:
    return -k;
  }
}

static int computed(int n) {
  static void *table[] = {&&add, &&sub, &&stop};
  int acc = 0, i = 0, local[3] = {1, 2, 3};
  goto *table[0];
add:
  acc += local[i % 3];
  if (++i < n)
    goto *table[i % 2];
  goto *table[2];
sub:
  acc -= 1;
  note(local, 1);
  goto *table[0];
stop:
  return acc;
}

int main(void) {
  for (int i = 0; i < 10; ++i) {
    mix(out_of_scope(i));
    mix(into_scope(i));
    mix(vla_goto(i + 1));
    mix(switch_jump(i));
    mix(computed(i + 1));
  }
  printf("checksum %lu\n", checksum);
  return 0;
}
