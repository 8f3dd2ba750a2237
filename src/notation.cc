#include "nimkit/notation.h"

#include <fmt/format.h>

#include <map>
#include <sstream>

#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace nimkit {
namespace {

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return parts;
}

// Appends components of `rules` made of `heaps` to `out`, grouped by the ruleset's arity.
Result<bool> add_components(const std::shared_ptr<const Ruleset>& rules,
                            const std::vector<Heap>& heaps, std::string_view where,
                            std::vector<Component>& out) {
  const std::size_t arity = rules->arity();
  if (heaps.empty()) return fail(fmt::format("{}: no heaps given", where));
  if (arity > 1 && heaps.size() % arity != 0) {
    return fail(fmt::format("{}: {} plays on {} heaps at a time, got {}", where, rules->spec(),
                            arity, heaps.size()));
  }
  Position grouped(rules, heaps);
  out.insert(out.end(), grouped.components().begin(), grouped.components().end());
  return true;
}

}  // namespace

Result<Position> parse_position(const std::vector<std::string>& tokens,
                                const std::shared_ptr<const Ruleset>& default_rules) {
  if (tokens.empty()) return fail("no heaps given");
  std::map<std::string, std::shared_ptr<const Ruleset>, std::less<>> cache;
  std::vector<Component> components;
  // Bare heaps of a multi-heap default ruleset form components together, placed where the
  // first of them stood.
  std::vector<Heap> pending;
  std::size_t pending_at = 0;
  for (const std::string& token : tokens) {
    const std::size_t colon = token.rfind(':');
    if (colon == std::string::npos) {
      if (!default_rules) {
        return fail(
            fmt::format("heap {} names no ruleset: write it as RULES:HEAPS or choose default rules",
                        quoted(token)));
      }
      auto heap = default_rules->parse_heap(token);
      if (!heap) return Error{heap.error()};
      if (default_rules->arity() == 1) {
        components.push_back(Component{default_rules, {*heap}});
      } else {
        if (pending.empty()) pending_at = components.size();
        pending.push_back(*heap);
      }
      continue;
    }
    const std::string spec = token.substr(0, colon);
    auto found = cache.find(spec);
    if (found == cache.end()) {
      auto rules = make_ruleset(spec);
      if (!rules) return Error{rules.error()};
      found = cache.emplace(spec, *rules).first;
    }
    std::vector<Heap> heaps;
    for (const std::string& text : split(std::string_view(token).substr(colon + 1), ',')) {
      auto heap = found->second->parse_heap(text);
      if (!heap) return fail(fmt::format("in {}: {}", quoted(token), heap.error()));
      heaps.push_back(*heap);
    }
    auto added = add_components(found->second, heaps, quoted(token), components);
    if (!added) return Error{added.error()};
  }
  if (!pending.empty()) {
    std::vector<Component> grouped;
    auto added = add_components(default_rules, pending, "heaps", grouped);
    if (!added) return Error{added.error()};
    components.insert(components.begin() + static_cast<std::ptrdiff_t>(pending_at), grouped.begin(),
                      grouped.end());
  }
  return Position(std::move(components));
}

Result<Position> parse_position(std::string_view text,
                                const std::shared_ptr<const Ruleset>& default_rules) {
  std::vector<std::string> tokens;
  std::istringstream in{std::string(text)};
  for (std::string token; in >> token;) tokens.push_back(token);
  return parse_position(tokens, default_rules);
}

std::string format_heaps(const Position& position) {
  std::string text;
  for (const Component& c : position.components()) {
    for (const Heap& h : c.heaps) {
      if (!text.empty()) text += ' ';
      text += c.rules->format_heap(h);
    }
  }
  return text;
}

std::string format_position(const Position& position, const Ruleset* default_rules) {
  const Ruleset* single = position.single_ruleset();
  const bool bare =
      (default_rules == nullptr && single != nullptr) ||
      (default_rules != nullptr && single != nullptr && single->spec() == default_rules->spec());
  if (bare || position.components().empty()) return format_heaps(position);
  // Neighbouring single-heap components of one ruleset share a token: "kayles:2,3 nim:3".
  std::string text;
  const Component* previous = nullptr;
  for (const Component& c : position.components()) {
    const bool joins = previous != nullptr && c.rules->arity() == 1 &&
                       previous->rules->arity() == 1 && previous->rules->spec() == c.rules->spec();
    if (joins) {
      text += ',';
    } else {
      if (!text.empty()) text += ' ';
      text += c.rules->spec() + ':';
    }
    for (std::size_t j = 0; j < c.heaps.size(); ++j) {
      if (j > 0) text += ',';
      text += c.rules->format_heap(c.heaps[j]);
    }
    previous = &c;
  }
  return text;
}

}  // namespace nimkit
