// Games on a directed graph: a teacher's own game, drawn as arrows.
//
// Rules: a token sits on a vertex of a directed graph. A move slides the token along one arrow
// out of its vertex. The player who cannot move (the token is on a vertex with no arrow out)
// loses (normal play) or wins (misère play). Several tokens are several components: a move
// slides one of them. Arrows may close cycles: then play may go on for ever, and a game neither
// player can force to end their way is a draw. Every impartial game is such a game on its graph
// of positions, so a drawn graph can be any finite game (a subtraction game is vertex n with
// arrows n → n−s), loopy ones too.
//
// Notation: "digraph:a>b,b>c@a" — the arrows "a>b" separated by commas, spaces or
// both, then "@T" naming the
// vertex T holding the token; "@a@b" puts two tokens (two components) on one graph. Vertex names
// are letters, digits and '_' (at most kMaxName characters); a repeated arrow is harmless; an
// arrow may lead back to its own vertex ("a>a"). A lone vertex is "@a". With
// --rules digraph the bare tokens are items too ("a>b b>c@a"). Moves are typed as the vertex the
// token goes to ("b"), or as the arrow ("a>b") to say which token moves when several can.
//
// A component's State holds its whole graph (so that the view can draw it and every option is a
// self-contained game) and the token's vertex: [V, token, E, then first[0..V] and the E arrow
// targets (the arrows out of vertex v are targets[first[v] .. first[v+1]-1], in increasing
// order), then each vertex name as its length followed by its bytes, eight to a word]. Vertices
// are numbered in shortlex order of their names (shorter first, so "2" < "10").
//
// Theory: the ruleset is loopy (RulesetFacts::loopy): a vertex's value is Smith's generalized
// Sprague-Grundy value (loopy_value.h), a nimber or ∞(K). On a graph without cycles it is the
// Grundy value, the mex of its successors' values. The ruleset labels every vertex of a graph at
// once (loopy_labels.h: the vertices no cycle is reachable from in reverse topological order,
// then the rest in rounds; iteratively, so a path of 10^5 vertices needs no deep stack) with the
// counters that make a win finite, and keeps the tables of the last few graphs, so every position
// of one graph costs one table. Misère play of a token that can reach a cycle is not offered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nimkit/ruleset.h"

namespace nimkit {

class Digraph final : public Ruleset {
 public:
  // Most vertices and arrows one graph may have, and the longest vertex name.
  static constexpr std::size_t kMaxVertices = 100'000;
  static constexpr std::size_t kMaxArrows = 200'000;
  static constexpr std::size_t kMaxName = 32;
  // Words the components of one token may take together: each holds a copy of its graph, so
  // many tokens on a large graph multiply it (a path of 100,000 vertices is 400,000 words).
  static constexpr std::size_t kMaxPositionWords = std::size_t{1} << 27;
  // Graphs whose tables of values are kept between calls.
  static constexpr std::size_t kMaxCachedGraphs = 16;

  Digraph();
  ~Digraph() override;

  std::string spec() const override { return "digraph"; }
  std::string summary() const override;

  // Items: arrows "a>b", the last of a graph followed by "@T" (or "@T" alone); an item may hold
  // several comma-separated pieces. Fails naming the bad piece, a graph with no token, or tokens
  // whose copies of their graphs would pass kMaxPositionWords.
  Result<std::vector<ParsedComponent>> parse_components(
      std::span<const std::string> items) const override;
  // {"a>b", "b>c@a"}; a lone vertex {"@a"}.
  std::vector<std::string> format_state(const State& state) const override;
  // Neighbouring tokens on one graph written with it once: {"a>b", "b>c@a@b"}.
  std::optional<std::vector<std::string>> format_together(
      std::span<const State* const> states) const override;
  // "digraph a>b,b>c@a"; past six arrows "digraph of 8 vertices, 11 arrows, token on s".
  std::string label(const State& state, std::size_t first_item) const override;
  // {"vertices", 0..V-1}, {"arrows", [from1, to1, from2, to2, ...]} as vertex numbers,
  // {"token", t} and {"depth", per vertex: its layer, the longest path from a vertex with no arrow
  // in where no cycle comes before it, so that only arrows closing a cycle go up}; the names are
  // in format_state (the view reads them from the component's items). A move's fields:
  // {"from", a}, {"to", b}.
  std::vector<ViewField> view_fields(const State& state) const override;
  std::vector<ViewField> move_fields(const State& before, const Option& option,
                                     std::size_t first_item) const override;
  // "move the token from a to b".
  std::string describe_move(const State& before, const Option& option,
                            std::size_t first_item) const override;
  // The target's name, "b".
  std::string format_move(const State& before, const Option& option, std::size_t first_item,
                          const Limits& limits) const override;
  // "b" or "a>b": the move to b when the token (on a, if named) has an arrow to b; none when
  // this component's token is elsewhere or cannot go to b; fails on text that is not a name.
  Result<std::vector<Option>> parse_move(const State& state, std::string_view text,
                                         std::size_t first_item, std::size_t items, bool partial,
                                         const Limits& limits) const override;
  std::string move_syntax() const override;

  Count count_options(const State& state) const override;
  Option option(const State& state, Count index) const override;
  // The token's value from the graph's table: a graph of more than limits.max_table vertices
  // fails naming that limit; building a table charges the meter one step per vertex and arrow
  // (and as much again per round of the labelling where cycles are: loopy_labels.h). A token of
  // infinite value has no Grundy value: that fails (kUnsupported), naming the value.
  Result<Nimber> value(const State& state, const Limits& limits) const override;
  // The token's generalized value, counter and whether it can reach a cycle, from the same table;
  // ∞(K) lists its followers' finite values, a step per arrow out.
  Result<CountedValue> loopy_value(const State& state, const Limits& limits) const override;
  // The values of the vertices the token's arrows lead to, a step per arrow out of each.
  Result<std::vector<CountedValue>> loopy_option_values(const State& state,
                                                        const Limits& limits) const override;
  // The arrows whose end has the finite value `target`, read from the graph's table: a step per
  // arrow scanned and move_cost() per option made (each a copy of the graph).
  Result<std::vector<Option>> options_to_value(const State& state, Nimber target,
                                               const Limits& limits) const override;
  // The vertices the token can still reach, itself included.
  Count weight(const State& state) const override;
  // An option copies the whole graph, and a search keeps the states it meets: a step per word
  // of state, so that the work meter bounds the memory a search of a large graph may fill.
  std::uint64_t move_cost(const State& state) const override;

 private:
  struct Table;
  Result<std::shared_ptr<const Table>> table(const State& state, const Limits& limits) const;

  // The graphs' tables kept between calls and their lock (src/games/digraph.cc).
  struct Tables;
  std::unique_ptr<Tables> tables_;
};

// A game file, the text a teacher writes: one arrow "a>b" per line, lines "@a" placing a token
// (one component each), blank lines and lines starting with '#' ignored (as is anything after a
// '#'). `tokens`, when not empty, name the vertices holding the tokens instead of the file's "@"
// lines. Returns the position in the notation above: one token "digraph:...@T1@T2...", the
// graph written once whatever the number of tokens.
// Fails with "line N: ..." for a bad line or a token on a vertex no arrow names, or for no token
// at all.
Result<std::vector<std::string>> digraph_game_file(std::string_view text,
                                                   std::span<const std::string> tokens);

}  // namespace nimkit
