// Exceptions through frames with redzoned locals: throw from deep frames,
// catch and rethrow, destructors that run during unwinding, a
// function-try-block, and noexcept boundaries not crossed.
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

static unsigned long checksum;
static void mix(unsigned long v) { checksum = checksum * 1000003u ^ v; }

struct Guard {
  char name[24];
  explicit Guard(const char *n) { std::snprintf(name, sizeof name, "%s", n); }
  ~Guard() { mix(std::strlen(name)); }
};

__attribute__((noinline)) int deep(int n) {
  char buf[32];
  std::memset(buf, n, sizeof buf);
  Guard g("deep");
  if (n == 0)
    throw std::runtime_error(std::string(buf, 4));
  return deep(n - 1) + buf[n % 32];
}

__attribute__((noinline)) int rethrower(int n) {
  int local[8] = {n};
  try {
    return deep(n);
  } catch (const std::runtime_error &e) {
    mix(local[0] + std::strlen(e.what()));
    throw;
  }
}

struct Holder {
  std::vector<int> v;
  Holder(int n) try : v(n) {
    if (n > 3)
      throw std::length_error("big");
  } catch (...) {
    mix(99);
  }
};

int main() {
  for (int i = 0; i < 8; ++i) {
    try {
      mix(rethrower(i));
    } catch (const std::exception &e) {
      char copy[16];
      std::snprintf(copy, sizeof copy, "%s", e.what());
      mix(copy[0] + i);
    }
    try {
      Holder h(i);
      mix(h.v.size());
    } catch (const std::length_error &) {
      mix(7);
    }
  }
  std::printf("checksum %lu\n", checksum);
  return 0;
}
