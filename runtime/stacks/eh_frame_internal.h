/* Shared by eh_frame.c (finding and parsing records) and
 * eh_frame_program.c (running their instructions). */
#ifndef SLEUTH_EH_FRAME_INTERNAL_H
#define SLEUTH_EH_FRAME_INTERNAL_H

#include "eh_frame.h"

/* x86-64 DWARF register numbers. */
enum { DWARF_RBP = 6, DWARF_RSP = 7, DWARF_RA = 16 };

/* A bounded reader over .eh_frame bytes; `bad` sticks once a read would
 * pass the end. */
typedef struct {
  const uint8_t *p, *end;
  int bad;
} cursor;

uint8_t cur_u8(cursor *c);
uint64_t cur_uleb(cursor *c);
int64_t cur_sleb(cursor *c);
/* A pointer in a DW_EH_PE_* encoding (datarel: the base for datarel
 * pointers, 0 if not allowed). 0 if the encoding is not handled. */
int cur_encoded(cursor *c, uint8_t enc, uptr datarel, uptr *out);

typedef struct {
  uint64_t code_align;
  int64_t data_align;
  uint8_t fde_enc;
  int has_aug_data;
  const uint8_t *insns, *insns_end;
} cie_info;

typedef struct {
  uptr pc_begin;
  const uint8_t *insns, *insns_end;
} fde_info;

/* Runs the CIE's initial instructions, then the FDE's up to pc. */
cfi_rule eh_frame_run(const cie_info *cie, const fde_info *fde, uptr pc);

#endif
