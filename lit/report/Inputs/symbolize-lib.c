/* A shared library for symbolize.c: its frame must resolve through the
 * library's own mapping in MAPPED_LIBRARIES. */
__attribute__((noinline)) void *lib_site(void *(*where)(void)) {
  return where(); /* LIB_SITE */
}
