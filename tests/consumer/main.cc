// Uses only installed public headers: prints "first 2" for Nim on 3 4 5.
#include <cstdio>

#include "nimkit/analysis.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

int main() {
  auto rules = nimkit::make_ruleset("nim");
  if (!rules) return 1;
  auto position = nimkit::parse_position("3 4 5", *rules);
  if (!position) return 1;
  auto analysis = nimkit::analyze(*position, nimkit::Convention::kNormal);
  if (!analysis || analysis->winning_moves.size() != 1) return 1;
  std::printf("%s %d\n", std::string(nimkit::to_string(analysis->winner)).c_str(),
              static_cast<int>(*analysis->grundy));
  return 0;
}
