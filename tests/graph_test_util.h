// Shared by the graph families' tests: the path graph in notation, the value of a heap of n in a
// heap ruleset (the family a path is known to equal), taken from that ruleset itself, and the
// digraph ruleset with a position of it read from text.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "nimkit/nimber.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"

namespace nimkit_test {

// The path on vertices 1 .. n: "1-2", "2-3", ...; a lone "1" when n = 1.
inline std::vector<std::string> path_items(int n) {
  std::vector<std::string> items;
  for (int v = 1; v < n; ++v) items.push_back(std::to_string(v) + "-" + std::to_string(v + 1));
  if (n == 1) items.push_back("1");
  return items;
}

// The Grundy value of a heap of n under `spec` ("dawson", "dawsons-chess").
inline nimkit::Nimber heap_value(const std::string& spec, int n) {
  auto rules = nimkit::make_ruleset(spec);
  EXPECT_TRUE(rules.ok());
  auto heap = nimkit::parse_position(std::vector<std::string>{std::to_string(n)}, *rules);
  EXPECT_TRUE(heap.ok()) << heap.error();
  const auto& c = heap->components().at(0);
  auto value = c.rules->value(c.state, nimkit::Limits{});
  EXPECT_TRUE(value.ok()) << value.error();
  return value ? *value : ~nimkit::Nimber{0};
}

// The drawn-graph ruleset, and a position of it from its notation ("a>b,b>c@a").
inline std::shared_ptr<const nimkit::Ruleset> digraph() {
  auto rules = nimkit::make_ruleset("digraph");
  EXPECT_TRUE(rules.ok());
  return *rules;
}

inline nimkit::Position position_of(const std::string& text) {
  auto position = nimkit::parse_position(text, digraph());
  EXPECT_TRUE(position.ok()) << text << ": " << (position ? "" : position.error());
  return position ? *position : nimkit::Position{};
}

}  // namespace nimkit_test
