// A module whose thread-local data is far larger than the static TLS room
// glibc keeps for dlopen (a few KiB): loaded with dlopen, each thread gets
// its copy in a block the loader mallocs at the first access
// (__tls_get_addr), found afterwards only through the thread's DTV.
static __thread void *slots[4096];

void **store_in_tls(void *p) {
  slots[100] = p;
  return &slots[100];
}
