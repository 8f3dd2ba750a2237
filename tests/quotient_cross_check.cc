// Checks a misère quotient against the independent exhaustive search of misere_brute_force.h on
// every sum of heaps up to a heap bound with at most a given number of objects in all:
//
//   nimkit_quotient_cross_check CODE MAX_HEAP TOTAL [FILE]
//
// CODE is an octal code ("0.07"); the quotient is read from FILE (a saved quotient, verified on
// reading) or computed to MAX_HEAP. Every sum's misère outcome by the quotient (the product of
// its heaps' classes in P or not) must equal the search's; the first disagreement is printed and
// the exit status is 1. The search's rules are the octal digits read here, not the library's.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "misere_brute_force.h"
#include "nimkit/limits.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/registry.h"

namespace {

// "0.07" as digits d0 d1 d2 ... (d0 the digit before the point).
std::vector<int> digits_of(const std::string& code) {
  std::vector<int> digits;
  for (char c : code) {
    if (c >= '0' && c <= '7') digits.push_back(c - '0');
  }
  return digits;
}

struct Walk {
  const nimkit::MisereQuotient& q;
  nimkit_test::MisereBrute& brute;
  std::vector<int> heaps;
  std::uint64_t sums = 0;
  bool ok = true;

  // Every multiset of heaps ≤ largest (non-increasing) with at most `left` more objects.
  void visit(int largest, int left, nimkit::QuotientElement x) {
    ++sums;
    const bool lost = q.in_p(x);
    if (lost == brute.wins(heaps)) {
      std::string text;
      for (int h : heaps) text += " " + std::to_string(h);
      std::printf("disagree on the sum of heaps%s: the quotient says %s\n", text.c_str(),
                  lost ? "lost" : "won");
      ok = false;
      return;
    }
    for (int h = std::min(largest, left); h >= 1 && ok; --h) {
      heaps.push_back(h);
      visit(h, left - h, q.multiply(x, q.phi(static_cast<std::uint64_t>(h))));
      heaps.pop_back();
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || argc > 5) {
    std::fprintf(stderr, "usage: %s CODE MAX_HEAP TOTAL [FILE]\n", argv[0]);
    return 2;
  }
  const std::string code = argv[1];
  const int max_heap = std::atoi(argv[2]);
  const int total = std::atoi(argv[3]);
  auto rules = nimkit::make_ruleset("octal:" + code);
  if (!rules) {
    std::fprintf(stderr, "%s\n", rules.error().c_str());
    return 2;
  }
  nimkit::QuotientBounds bounds;
  bounds.max_heap = static_cast<std::uint64_t>(max_heap);
  nimkit::Limits limits;
  limits.max_search_bytes = std::uint64_t{8} << 30;
  limits.meter = std::make_shared<nimkit::WorkMeter>(0);
  auto q = [&]() -> nimkit::Result<nimkit::MisereQuotient> {
    if (argc < 5) return nimkit::compute_misere_quotient(**rules, bounds, limits);
    std::ifstream in(argv[4], std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return nimkit::load_misere_quotient(bytes, **rules, bounds, limits);
  }();
  if (!q) {
    std::fprintf(stderr, "%s\n", q.error().c_str());
    return 2;
  }
  if (q->max_heap() < static_cast<std::uint64_t>(max_heap)) {
    std::fprintf(stderr, "the quotient covers heaps to %llu only\n",
                 static_cast<unsigned long long>(q->max_heap()));
    return 1;
  }
  nimkit_test::MisereBrute brute({false, digits_of(code)});
  Walk walk{*q, brute, {}};
  walk.visit(max_heap, total, 0);
  std::printf(
      "%s: quotient of order %zu, |P| = %zu, heaps to %d: %llu sums of at most %d "
      "objects %s the exhaustive search\n",
      code.c_str(), q->order(), q->p_size(), max_heap, static_cast<unsigned long long>(walk.sums),
      total, walk.ok ? "agree with" : "checked; one disagrees with");
  return walk.ok ? 0 : 1;
}
