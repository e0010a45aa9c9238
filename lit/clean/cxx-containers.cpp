// Standard containers growing, shrinking and rehashing: lots of new/delete
// of every size, sized deallocation, no report.
// RUN: %sleuth_cxx -O0 %s -o %t && %run %t 2>&1 | count 0
// RUN: %sleuth_cxx -O2 %s -o %t && %run %t 2>&1 | count 0
#include <cstdio>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

int main() {
  std::vector<int> v;
  std::map<int, std::string> m;
  std::unordered_map<std::string, std::vector<long>> u;
  std::deque<std::string> d;
  std::list<std::unique_ptr<int[]>> l;
  for (int i = 0; i < 20000; i++) {
    v.push_back(i);
    std::string s = "key-" + std::to_string(i * 7919 % 1000);
    m[i % 500] = s + std::string(i % 100, 'x');
    u[s].push_back(i);
    d.push_back(s);
    if (d.size() > 300)
      d.pop_front();
    l.emplace_back(new int[i % 50 + 1]());
    if (l.size() > 100)
      l.pop_front();
    if (i % 1000 == 999) {
      v.resize(v.size() / 2);
      v.shrink_to_fit();
      u.erase(s);
      m.erase(m.begin());
    }
  }
  long sum = 0;
  for (int x : v)
    sum += x;
  for (auto &kv : u)
    sum += kv.second.size();
  if (sum == 0)
    std::puts("nothing happened");
  return sum == 0;
}
