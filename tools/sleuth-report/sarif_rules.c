/* The rule (reportingDescriptor) of every report kind: level and help
 * text. A kind not listed here (a newer runtime's) gets a generic rule. */
#include "sarif_rules.h"

#include <string.h>

static const sarif_rule rules[] = {
    {"heap-buffer-overflow", "error", "Read or write outside a heap block",
     "The program accessed memory just before or after a block returned by malloc/new. "
     "Check the index or length used at the faulting line against the size the block was "
     "allocated with (see the allocation stack)."},
    {"heap-use-after-free", "error", "Access to a freed heap block",
     "The program used a heap block after it was freed. The free stack shows where it was "
     "released; make the owner outlive every user, or clear dangling pointers when freeing."},
    {"double-free", "error", "Block freed twice",
     "free/delete was called on a block that was already freed (see both free stacks). "
     "Give the block a single owner, or set the pointer to NULL after freeing."},
    {"bad-free", "error", "Free of an address malloc did not return",
     "free/delete was given a pointer that is not the start of a live heap block: an "
     "interior pointer, a stack or global address, or garbage."},
    {"alloc-dealloc-mismatch", "error", "Allocation and deallocation functions do not match",
     "A block was released with a function of another family (malloc/free, new/delete, "
     "new[]/delete[]). Use the deallocation that matches the allocation."},
    {"new-delete-type-mismatch", "error", "Sized delete with the wrong size",
     "operator delete was called with a size that differs from the allocated one, usually "
     "deleting a derived object through a base pointer without a virtual destructor."},
    {"stack-buffer-overflow", "error", "Access past the end of a stack object",
     "A local variable was accessed beyond its end. Check the index or length against the "
     "variable's declared size."},
    {"stack-buffer-underflow", "error", "Access before the start of a stack object",
     "A local variable was accessed before its first byte, usually by a negative index."},
    {"dynamic-stack-buffer-overflow", "error", "Access outside a VLA or alloca block",
     "A variable-length array or alloca'd block was accessed outside its bounds."},
    {"stack-use-after-scope", "error", "Access to a stack object after its scope ended",
     "A pointer to a local variable was used after the block declaring it had ended. "
     "Move the variable to an enclosing scope or stop keeping its address."},
    {"stack-use-after-return", "error", "Access to a stack object after its function returned",
     "A pointer to a local variable escaped its function and was used after it returned."},
    {"global-buffer-overflow", "error", "Access outside a global variable",
     "A global or static variable was accessed beyond its bounds."},
    {"use-after-poison", "error", "Access to memory the program poisoned",
     "The program accessed memory it had marked unusable with SLEUTH_POISON (or a custom "
     "pool's annotations): a use of released pool memory."},
    {"container-overflow", "error", "Access to a container's unused capacity",
     "The program read or wrote past the used part of an annotated container (a "
     "std::vector's size, not its capacity): an element beyond size() was accessed."},
    {"calloc-overflow", "error", "calloc size overflows",
     "calloc(n, size) was called with n*size larger than the address space. Validate the "
     "counts before allocating."},
    {"allocation-size-too-big", "error", "Requested allocation size too big",
     "An allocation asked for more than the allocator's maximum (max_allocation_size_mb or "
     "the address space); usually a negative or corrupted size."},
    {"out-of-memory", "error", "Allocation failed: out of memory",
     "The allocator could not obtain memory from the system. Check for runaway growth "
     "(see the heap profile) or lower the memory use."},
    {"SEGV", "error", "Segmentation fault",
     "The program accessed an unmapped or protected address (often a NULL or wild pointer)."},
    {"BUS", "error", "Bus error", "The program accessed memory the hardware cannot address, "
                                  "such as a truncated mapped file."},
    {"FPE", "error", "Arithmetic exception", "The program divided by zero or overflowed an "
                                            "integer division."},
    {"unknown-crash", "error", "Access to invalid memory",
     "The program accessed memory Sleuth marks as invalid, of no more specific kind."},
    {"leak-direct", "error", "Memory leak: definitely lost",
     "No pointer to this block remains anywhere: it can never be freed. Free it on every "
     "path where its last pointer goes away."},
    {"leak-indirect", "error", "Memory leak: indirectly lost",
     "The block is reachable only from leaked blocks; freeing the block that owns it (a "
     "direct leak) usually fixes this too."},
    {"leak-possible", "warning", "Memory leak: possibly lost",
     "Only pointers into the middle of the block remain. It may be a leak, or a structure "
     "that keeps interior pointers on purpose."},
    {"leak-reachable", "note", "Memory still reachable at exit",
     "A pointer to the block still exists at exit, so it is not lost; free it before exit if "
     "you want a clean report."},
    {"leak-growth", "warning", "Memory held by this site keeps growing",
     "Live blocks allocated here grew at every leak check: a cache or list that never "
     "shrinks, or a leak still referenced."},
};

static const sarif_rule overlap = {
    NULL, "error", "Overlapping source and destination",
    "A libc copy function was called with overlapping source and destination ranges, which "
    "is undefined behaviour; use memmove or separate buffers."};
static const sarif_rule generic = {NULL, "error", "Memory error reported by Sleuth",
                                   "See the message and the stacks for details."};

sarif_rule sarif_rule_for(const char *id) {
  for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
    if (strcmp(rules[i].id, id) == 0)
      return rules[i];
  size_t n = strlen(id);
  sarif_rule r = generic;
  if (n > 14 && strcmp(id + n - 14, "-param-overlap") == 0)
    r = overlap;
  r.id = id;
  return r;
}
