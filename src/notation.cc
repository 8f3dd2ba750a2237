#include "nimkit/notation.h"

#include <fmt/format.h>

#include <map>

#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/text.h"

namespace nimkit {

Result<Position> parse_position(const std::vector<std::string>& tokens,
                                const std::shared_ptr<const Ruleset>& default_rules) {
  if (tokens.empty()) return fail("no heaps given");
  std::map<std::string, std::shared_ptr<const Ruleset>, std::less<>> cache;
  std::vector<Component> components;
  // Bare items of the default ruleset, and for each the index in `components` it stands at.
  std::vector<std::string> bare;
  std::vector<std::size_t> bare_at;
  for (const std::string& token : tokens) {
    const std::size_t colon = token.rfind(':');
    if (colon == std::string::npos) {
      if (!default_rules) {
        return fail(
            fmt::format("heap {} names no ruleset: write it as RULES:HEAPS or choose default rules",
                        quoted(token)));
      }
      bare.push_back(token);
      bare_at.push_back(components.size());
      continue;
    }
    const std::string spec = token.substr(0, colon);
    auto found = cache.find(spec);
    if (found == cache.end()) {
      auto rules = make_ruleset(spec);
      if (!rules) return Error{rules.error()};
      found = cache.emplace(spec, *rules).first;
    }
    const std::vector<std::string> items = split(std::string_view(token).substr(colon + 1), ',');
    auto parsed = found->second->parse_components(items);
    if (!parsed) return fail(fmt::format("in {}: {}", quoted(token), parsed.error()));
    for (ParsedComponent& p : *parsed) {
      components.push_back(Component{found->second, std::move(p.state)});
    }
  }
  if (!bare.empty()) {
    auto parsed = default_rules->parse_components(bare);
    if (!parsed) return Error{parsed.error()};
    // Inserted from the last so that earlier insertion points stay valid.
    for (auto p = parsed->rbegin(); p != parsed->rend(); ++p) {
      const auto at = static_cast<std::ptrdiff_t>(bare_at[p->first_item]);
      components.insert(components.begin() + at, Component{default_rules, std::move(p->state)});
    }
  }
  return Position(std::move(components));
}

Result<Position> parse_position(std::string_view text,
                                const std::shared_ptr<const Ruleset>& default_rules) {
  return parse_position(words(text), default_rules);
}

namespace {

// A component as the text sees it: its ruleset and state, wherever they are kept.
struct Part {
  const Ruleset* rules;
  const State* state;
};

std::vector<Part> parts_of(const Position& position) {
  std::vector<Part> parts;
  parts.reserve(position.components().size());
  for (const Component& c : position.components()) parts.push_back({c.rules.get(), &c.state});
  return parts;
}

// Calls `write(first, last, items)` for each run of neighbouring parts of one ruleset that it
// writes together (format_together), and `write(c, c + 1, its items)` for every other part, in
// order.
template <class Write>
void for_each_written(const std::vector<Part>& parts, Write write) {
  std::vector<const State*> run;
  for (std::size_t first = 0; first < parts.size();) {
    const Ruleset& rules = *parts[first].rules;
    std::size_t last = first + 1;
    while (last < parts.size() &&
           (parts[last].rules == &rules || parts[last].rules->spec() == rules.spec())) {
      ++last;
    }
    if (last - first >= 2) {
      run.clear();
      for (std::size_t c = first; c < last; ++c) run.push_back(parts[c].state);
      if (auto together = rules.format_together(run)) {
        write(first, last, *together);
        first = last;
        continue;
      }
    }
    for (; first < last; ++first) write(first, first + 1, rules.format_state(*parts[first].state));
  }
}

std::string items_text(const std::vector<Part>& parts) {
  std::string text;
  for_each_written(parts, [&](std::size_t, std::size_t, const std::vector<std::string>& items) {
    for (const std::string& item : items) {
      if (!text.empty()) text += ' ';
      text += item;
    }
  });
  return text;
}

std::string position_text(const std::vector<Part>& parts, const Ruleset* default_rules) {
  const Ruleset* single = parts.empty() ? nullptr : parts.front().rules;
  for (const Part& p : parts) {
    if (single != nullptr && p.rules != single && p.rules->spec() != single->spec()) {
      single = nullptr;
    }
  }
  const bool bare =
      (default_rules == nullptr && single != nullptr) ||
      (default_rules != nullptr && single != nullptr && single->spec() == default_rules->spec());
  if (bare || parts.empty()) return items_text(parts);
  // Neighbouring components of one ruleset share a token when their items read back as the same
  // components: "kayles:2,3 nim:3".
  std::string text;
  const Ruleset* previous = nullptr;
  for_each_written(
      parts, [&](std::size_t first, std::size_t last, const std::vector<std::string>& items) {
        const Ruleset& rules = *parts[first].rules;
        const bool joins =
            previous != nullptr && previous->shares_tokens() && previous->spec() == rules.spec();
        text += joins ? "," : (text.empty() ? "" : " ") + rules.spec() + ':';
        text += fmt::format("{}", fmt::join(items, ","));
        // A run written together ends its token: the next component starts a new one.
        previous = last - first >= 2 ? nullptr : &rules;
      });
  return text;
}

}  // namespace

std::string format_items(const Position& position) { return items_text(parts_of(position)); }

std::string format_component(const Component& component) {
  return fmt::format("{}", fmt::join(component.rules->format_state(component.state), ","));
}

std::string format_position(const Position& position, const Ruleset* default_rules) {
  return position_text(parts_of(position), default_rules);
}

std::string format_position_after(const Position& before, const Move& move,
                                  const Ruleset* default_rules) {
  std::vector<Part> parts;
  const auto& components = before.components();
  parts.reserve(components.size() + move.option.result.size());
  for (std::size_t c = 0; c < components.size(); ++c) {
    if (c != move.component) {
      parts.push_back({components[c].rules.get(), &components[c].state});
      continue;
    }
    for (const State& s : move.option.result) parts.push_back({components[c].rules.get(), &s});
  }
  return position_text(parts, default_rules);
}

}  // namespace nimkit
