// A header to precompile: what __has_feature(address_sanitizer) said when
// it was compiled.
static inline int header_feature(void) {
#if __has_feature(address_sanitizer)
  return 1;
#else
  return 0;
#endif
}
