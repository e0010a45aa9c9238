// C++ shapes that reach the stack layout in unusual forms: empty classes
// passed by value and their address taken, lambdas and comparators handed
// to std::sort, tag dispatch, std::function, structured bindings, and
// a temporary bound to a const reference that lives as long as it.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

static unsigned long checksum;
static void mix(unsigned long v) { checksum = checksum * 1000003u ^ v; }

struct Empty {};
struct FastTag {};
struct SlowTag {};

__attribute__((noinline)) static void touch(const void *p) { mix(p != nullptr); }
static void takes_empty(Empty e) { touch(&e); }
template <class Tag> static int dispatch(int v, Tag t) {
  touch(&t);
  return v * 2;
}

int main() {
  std::vector<std::string> words = {"pear", "fig", "apple", "kiwi", "plum"};
  for (int round = 0; round < 4; ++round) {
    auto by_len = [round](const std::string &a, const std::string &b) {
      return (a.size() + round) % 3 < (b.size() + round) % 3 ||
             ((a.size() + round) % 3 == (b.size() + round) % 3 && a < b);
    };
    std::sort(words.begin(), words.end(), by_len);
    for (const auto &w : words)
      mix(w[0]);
    takes_empty(Empty{});
    mix(dispatch(round, FastTag{}) + dispatch(round, SlowTag{}));
    std::function<int(int)> f = [&](int x) { return x + (int)words.size(); };
    mix(f(round));
    std::map<std::string, int> counts;
    for (const auto &w : words)
      ++counts[w.substr(0, 1)];
    for (const auto &[k, v] : counts)
      mix(k[0] * v);
    const int &m = round * 3 + 1; // lifetime extended to the scope
    mix(m);
  }
  std::printf("checksum %lu\n", checksum);
  return 0;
}
