/* Linked by sleuth-cc into the probe programs of configure scripts and
 * build systems (autoconf's conftest, CMake's try_run and check_*
 * executables, Meson's compiler checks): such a program exists to answer a
 * question about the platform by its exit status, and a leak report must
 * not change the answer (libarchive's configure concluded that iconv was
 * missing because its probe leaks an iconv_t on purpose). Leak detection
 * starts off there; memory errors still report. SLEUTH_OPTIONS (or
 * ASAN_OPTIONS) given by the user still wins. */
const char *__sleuth_default_options(void) { return "detect_leaks=0"; }
