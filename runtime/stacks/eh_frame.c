/* Finding and reading a code address's call-frame information: the module
 * that holds the address (_dl_find_object, lock-free in glibc >= 2.35, or
 * dl_iterate_phdr), the FDE through the module's sorted .eh_frame_hdr
 * table, the CIE and FDE headers, and the CIE's initial instructions and
 * the FDE's instructions run up to the address (eh_frame_program.c). Used
 * on a rule cache miss only (unwind_cfi.c). */
#include "eh_frame.h"

#include <dlfcn.h>
#include <link.h>

#include "eh_frame_internal.h"

/* DW_EH_PE_*: how .eh_frame stores a pointer (low nibble: the format,
 * next three bits: what it is relative to, top bit: indirect). */
enum {
  PE_ABSPTR = 0x00,
  PE_ULEB128 = 0x01,
  PE_UDATA2 = 0x02,
  PE_UDATA4 = 0x03,
  PE_UDATA8 = 0x04,
  PE_SLEB128 = 0x09,
  PE_SDATA2 = 0x0a,
  PE_SDATA4 = 0x0b,
  PE_SDATA8 = 0x0c,
  PE_PCREL = 0x10,
  PE_DATAREL = 0x30,
  PE_INDIRECT = 0x80,
  PE_OMIT = 0xff,
};

typedef uint16_t __attribute__((aligned(1), may_alias)) u16_any;
typedef uint32_t __attribute__((aligned(1), may_alias)) u32_any;
typedef uint64_t __attribute__((aligned(1), may_alias)) u64_any;

static int room(cursor *c, size_t n) {
  if (c->bad || (size_t)(c->end - c->p) < n) {
    c->bad = 1;
    return 0;
  }
  return 1;
}

uint8_t cur_u8(cursor *c) { return room(c, 1) ? *c->p++ : 0; }

static uint64_t cur_fixed(cursor *c, size_t n) {
  if (!room(c, n))
    return 0;
  uint64_t v = n == 2   ? *(const u16_any *)c->p
               : n == 4 ? *(const u32_any *)c->p
                        : *(const u64_any *)c->p;
  c->p += n;
  return v;
}

uint64_t cur_uleb(cursor *c) {
  uint64_t v = 0;
  for (unsigned shift = 0;; shift += 7) {
    uint8_t b = cur_u8(c);
    if (c->bad)
      return 0;
    if (shift < 64)
      v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80))
      return v;
  }
}

int64_t cur_sleb(cursor *c) {
  uint64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    b = cur_u8(c);
    if (c->bad)
      return 0;
    if (shift < 64)
      v |= (uint64_t)(b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40))
    v |= ~(uint64_t)0 << shift; /* sign-extend */
  return (int64_t)v;
}

/* A pointer in encoding enc; datarel is the base for PE_DATAREL (0: not
 * allowed here). Indirect pointers are not followed: the only one in
 * practice is the personality routine's, which is skipped. */
int cur_encoded(cursor *c, uint8_t enc, uptr datarel, uptr *out) {
  uptr at = (uptr)c->p;
  uint64_t v;
  switch (enc & 0x0f) {
  case PE_ABSPTR:
  case PE_UDATA8:
  case PE_SDATA8:
    v = cur_fixed(c, 8);
    break;
  case PE_ULEB128:
    v = cur_uleb(c);
    break;
  case PE_SLEB128:
    v = (uint64_t)cur_sleb(c);
    break;
  case PE_UDATA2:
    v = cur_fixed(c, 2);
    break;
  case PE_SDATA2:
    v = (uint64_t)(int64_t)(int16_t)cur_fixed(c, 2);
    break;
  case PE_UDATA4:
    v = cur_fixed(c, 4);
    break;
  case PE_SDATA4:
    v = (uint64_t)(int64_t)(int32_t)cur_fixed(c, 4);
    break;
  default:
    return 0;
  }
  switch (enc & 0x70) {
  case 0:
    break;
  case PE_PCREL:
    v += at;
    break;
  case PE_DATAREL:
    if (!datarel)
      return 0;
    v += datarel;
    break;
  default:
    return 0;
  }
  *out = (uptr)v;
  return !c->bad;
}

/* One length-prefixed .eh_frame record: the cursor covers what follows
 * the length field. */
static int record_at(const uint8_t *at, cursor *c) {
  c->p = at;
  c->end = at + 12;
  c->bad = 0;
  uint64_t len = cur_fixed(c, 4);
  if (len == 0xffffffffu)
    len = cur_fixed(c, 8);
  if (c->bad || len == 0)
    return 0;
  c->end = c->p + len;
  return 1;
}

/* The CIE at `at`: alignment factors, pointer encoding of its FDEs, and
 * its initial instructions. */
static int parse_cie(const uint8_t *at, cie_info *cie) {
  cursor c;
  if (!record_at(at, &c) || cur_fixed(&c, 4) != 0) /* CIE id */
    return 0;
  uint8_t version = cur_u8(&c);
  if (version != 1 && version != 3)
    return 0;
  const char *aug = (const char *)c.p;
  while (cur_u8(&c))
    ;
  if (c.bad)
    return 0;
  cie->code_align = cur_uleb(&c);
  cie->data_align = cur_sleb(&c);
  uint64_t ra = version == 1 ? cur_u8(&c) : cur_uleb(&c);
  if (ra != DWARF_RA)
    return 0;
  cie->fde_enc = PE_ABSPTR;
  cie->has_aug_data = aug[0] == 'z';
  if (cie->has_aug_data) {
    uint64_t n = cur_uleb(&c);
    if (!room(&c, n))
      return 0;
    cursor a = {c.p, c.p + n, 0};
    for (const char *s = aug + 1; *s; s++) {
      uptr ignored;
      switch (*s) {
      case 'R':
        cie->fde_enc = cur_u8(&a);
        break;
      case 'L':
        cur_u8(&a); /* the LSDA's encoding: the FDE's data is skipped */
        break;
      case 'P': {
        uint8_t enc = cur_u8(&a);
        if (!cur_encoded(&a, enc & ~PE_INDIRECT, 0, &ignored))
          return 0;
        break;
      }
      default: /* 'S' (signal frame: its pc is not a return address) and
                  anything unknown */
        return 0;
      }
    }
    if (a.bad)
      return 0;
    c.p += n;
  } else if (aug[0]) {
    return 0;
  }
  cie->insns = c.p;
  cie->insns_end = c.end;
  return !c.bad;
}

/* What looking for pc's FDE found: no FDE covers pc is an answer (code
 * without call-frame information); a format not handled is not. */
typedef enum { FDE_FOUND, FDE_NONE, FDE_NOT_HANDLED } fde_lookup;

/* The FDE at `at`, if it covers pc: its CIE and instructions. */
static fde_lookup parse_fde(const uint8_t *at, uptr pc, cie_info *cie,
                            fde_info *fde) {
  cursor c;
  if (!record_at(at, &c))
    return FDE_NOT_HANDLED;
  const uint8_t *id_at = c.p;
  uint32_t cie_off = (uint32_t)cur_fixed(&c, 4);
  if (c.bad || cie_off == 0 || !parse_cie(id_at - cie_off, cie))
    return FDE_NOT_HANDLED;
  uptr begin, range;
  if (cie->fde_enc == PE_OMIT || (cie->fde_enc & PE_INDIRECT) ||
      !cur_encoded(&c, cie->fde_enc, 0, &begin) ||
      !cur_encoded(&c, cie->fde_enc & 0x0f, 0, &range))
    return FDE_NOT_HANDLED;
  if (pc < begin || pc - begin >= range)
    return FDE_NONE; /* the nearest FDE below pc ends before it */
  if (cie->has_aug_data) {
    uint64_t n = cur_uleb(&c);
    if (!room(&c, n))
      return FDE_NOT_HANDLED;
    c.p += n;
  }
  fde->pc_begin = begin;
  fde->insns = c.p;
  fde->insns_end = c.end;
  return c.bad ? FDE_NOT_HANDLED : FDE_FOUND;
}

/* dl_iterate_phdr fallback for a glibc without _dl_find_object. */
typedef struct {
  uptr pc;
  const uint8_t *hdr;
  int found;
} phdr_search;

static int find_hdr(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  phdr_search *s = arg;
  const uint8_t *hdr = 0;
  int inside = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uptr lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && s->pc >= lo && s->pc - lo < ph->p_memsz)
      inside = 1;
    else if (ph->p_type == PT_GNU_EH_FRAME)
      hdr = (const uint8_t *)lo;
  }
  if (!inside)
    return 0;
  s->found = 1;
  s->hdr = hdr;
  return 1;
}

#pragma weak _dl_find_object

/* The .eh_frame_hdr of the module holding pc; *in_module says whether
 * there is one. */
static const uint8_t *module_eh_frame_hdr(uptr pc, int *in_module) {
  if (_dl_find_object) {
    struct dl_find_object o;
    *in_module = _dl_find_object((void *)pc, &o) == 0;
    return *in_module ? o.dlfo_eh_frame : 0;
  }
  phdr_search s = {pc, 0, 0};
  dl_iterate_phdr(find_hdr, &s);
  *in_module = s.found;
  return s.hdr;
}

/* Binary search of .eh_frame_hdr's table of (first pc, FDE) pairs, sorted
 * by pc, in the one encoding linkers write: 4-byte offsets from the
 * header. *at: the FDE with the greatest first pc <= pc. */
static fde_lookup find_fde(const uint8_t *hdr, uptr pc, const uint8_t **at) {
  if (hdr[0] != 1)
    return FDE_NOT_HANDLED;
  uint8_t ptr_enc = hdr[1], count_enc = hdr[2], table_enc = hdr[3];
  if (count_enc == PE_OMIT || table_enc != (PE_DATAREL | PE_SDATA4))
    return FDE_NOT_HANDLED;
  cursor c = {hdr + 4, hdr + 4 + 16, 0};
  uptr eh_frame, count;
  if (!cur_encoded(&c, ptr_enc, (uptr)hdr, &eh_frame) ||
      !cur_encoded(&c, count_enc, (uptr)hdr, &count))
    return FDE_NOT_HANDLED;
  const int32_t *table = (const int32_t *)c.p;
  if ((uptr)table & 3)
    return FDE_NOT_HANDLED;
  uptr lo = 0, hi = count; /* the answer is in [lo, hi) */
  if (count == 0 || pc < (uptr)hdr + table[0])
    return FDE_NONE;
  while (hi - lo > 1) {
    uptr mid = lo + (hi - lo) / 2;
    if ((uptr)hdr + table[2 * mid] <= pc)
      lo = mid;
    else
      hi = mid;
  }
  *at = hdr + table[2 * lo + 1];
  return FDE_FOUND;
}

cfi_rule eh_frame_rule(uptr pc) {
  cfi_rule r = {CFI_UNSUPPORTED, 0, CFI_RBP_SAME, 0, 0};
  int in_module;
  const uint8_t *hdr = module_eh_frame_hdr(pc, &in_module);
  if (!in_module) {
    r.kind = CFI_NO_MODULE;
    return r;
  }
  if (!hdr) /* libgcc may still know the module's frames: let it look */
    return r;
  const uint8_t *fde_at;
  cie_info cie;
  fde_info fde;
  fde_lookup found = find_fde(hdr, pc, &fde_at);
  if (found == FDE_FOUND)
    found = parse_fde(fde_at, pc, &cie, &fde);
  if (found == FDE_FOUND)
    return eh_frame_run(&cie, &fde, pc);
  if (found == FDE_NONE)
    r.kind = CFI_NO_FDE;
  return r;
}
