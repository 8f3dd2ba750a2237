// Green Hackenbush.
//
// Rules: a picture of edges drawn on the ground. An edge joins two vertices, a loop joins a
// vertex to itself, and two vertices may be joined by several edges. A move cuts one edge;
// everything no longer connected to the ground vanishes. The player who cannot move (nothing is
// left) loses (normal play) or wins (misère play).
//
// Notation: "hackenbush:e1=g-1 e2=1-2 e3=2-g" (a triangle standing on the ground). The text has
// three kinds of things a reader must tell apart at a glance, so each looks different: the ground
// is the letter "g" (or "ground"), every other vertex a bare number (1 to 4294967295), and an
// edge "eN=a-b", edge number N joining a and b. Edges are separated by commas, spaces or both.
// The number is what a move types ("cut edge 3", "edge 3" or just "3") and an edge keeps it until
// it is cut, so a list of moves names each edge once; the "e" before it and the "=" after it keep
// it from reading as a vertex. Positions are written with every edge's number, so nobody counts
// edges to find one. Typed by hand, the number may be left out: a bare edge "a-b" is numbered one
// more than the edge before it in the text (the first 1), so "g-1,1-2,2-g" is the triangle
// above. Older texts wrote the ground as vertex 0 and a number as "N=a-b"
// ("0-1,3=2-0,0-3", what "0-1,1-2,2-0,0-3" leaves when edge 2 is cut); they read as before.
// Numbers are 1 to 4294967295, each given once in a text. Every edge must be connected to the
// ground.
//
// A position is a sum: each piece that meets the rest only at the ground is a component of its
// own (several pieces may stand on vertex 0). A component's State is [m, then the m edges as
// (name, a, b), a and b the vertex labels written, 0 the ground, in order]; edges carry their own
// names, so a component counts no items (item_count() is 0), like a graph's vertices. Option i cuts
// the i-th edge; it leaves the pieces still connected to the ground, each a component, in the order
// of their first edges, every edge keeping its name.
//
// Theory (closed form, Winning Ways ch. 7): by the fusion principle the vertices of any cycle
// may be fused into one vertex, its edges becoming loops, and a loop is worth a twig (a stalk of
// one edge); fusing every cycle leaves a tree on the ground with loops, and by the colon
// principle a tree's value is the XOR over the root's branches of (1 + the value of the
// subtree above it). The tests check this against a mex over every cut on every picture of at
// most 7 edges among a few vertices.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nimkit/ruleset.h"

namespace nimkit {

class GreenHackenbush final : public Ruleset {
 public:
  GreenHackenbush() : Ruleset({.value_source = ValueSource::kClosedForm, .view = "hackenbush"}) {}
  // Most edges one text may have, and the largest vertex label.
  static constexpr std::size_t kMaxEdges = 1000;
  static constexpr std::uint64_t kMaxLabel = 4294967295;

  std::string spec() const override { return "hackenbush"; }
  std::string summary() const override;

  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  std::vector<std::string> format_state(const State& state) const override;
  // Neighbouring pieces in one list, names counted on across them; nullopt when they share a
  // vertex above the ground or a name (pieces of separate texts), which one list would not read
  // back as the same components.
  std::optional<std::vector<std::string>> format_together(
      std::span<const State* const> states) const override;
  // "edge e3=2-g" or "edges e1=g-1 e3=2-g e4=g-3".
  std::string label(const State& state, std::size_t first_item) const override;
  // {"edges", [a1, b1, a2, b2, ...]}: the edges in order, 0 the ground; {"names", [n1, ...]}: their
  // names, in the same order; {"vertices", [labels]} in increasing order.
  std::vector<ViewField> view_fields(const State& state) const override;
  // Saved games before version 3 numbered edges across the position like heaps: the names.
  std::optional<std::vector<std::uint64_t>> names_of_version_2_items(
      const State& state) const override;
  // {"edge": N}: the number of the edge cut.
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  // Text "3", "e3", "edge 3" or "cut edge 3": the option cutting the edge numbered 3 when this
  // component has it, none otherwise; fails on other text or 0.
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;

  std::string move_syntax() const override;
  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
  // The closed form (fusion, then the colon principle); never fails.
  Result<Nimber> value(const State& state, const Limits& limits) const override;
  Count weight(const State& state) const override;
  // The edges without their names: pictures that differ only in names are one game.
  void append_canonical(const State& state, std::vector<std::uint64_t>& key) const override;
  std::uint64_t move_cost(const State& state) const override;
};

}  // namespace nimkit
