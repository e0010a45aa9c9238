#include <stddef.h>
#include <stdint.h>

int parse_record(const char *rec, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  parse_record((const char *)data, size);
  return 0;
}
