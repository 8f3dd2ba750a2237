// The public entry points: which rulesets have quotients, the computation, the shared cache.
#include "nimkit/misere_quotient.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

#include "builder.h"
#include "nimkit/games/octal.h"

namespace nimkit {
namespace detail {

const HeapGame* single_heap_game(const Ruleset& rules) {
  const HeapGame* game = rules.heap_game();
  return game && game->arity() == 1 ? game : nullptr;
}

const OctalGame* octal_game(const Ruleset& rules) { return dynamic_cast<const OctalGame*>(&rules); }

std::string quotient_rules(const Ruleset& rules) {
  if (const OctalGame* octal = octal_game(rules)) {
    return "octal:" + octal->code().to_string();
  }
  return rules.spec();
}

std::optional<OctalBound> octal_bound(const Ruleset& rules) {
  const OctalGame* octal = octal_game(rules);
  if (!octal) return std::nullopt;
  return OctalBound{octal->code().max_take(), octal->code().max_parts()};
}

}  // namespace detail
namespace {

using detail::octal_bound;
using detail::quotient_rules;
using detail::single_heap_game;

// The rulesets whose quotients are kept, at most; the least recently asked is dropped first.
constexpr std::size_t kCachedRulesets = 32;

struct Entry {
  std::mutex computing;  // one computation per ruleset at a time
  std::shared_ptr<const MisereQuotient> quotient;
  // The computation stopped short of its bounds for a reason other than the limits (a candidate
  // that would not verify, the order bound): asking again would only repeat it.
  bool stuck = false;
  std::uint64_t last_used = 0;
};

struct Cache {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<Entry>> entries;
  std::uint64_t clock = 0;
};

Cache& cache() {
  static Cache instance;
  return instance;
}

std::shared_ptr<Entry> entry_for(const std::string& name) {
  Cache& c = cache();
  const std::lock_guard lock(c.mutex);
  auto it = c.entries.find(name);
  if (it == c.entries.end()) {
    if (c.entries.size() >= kCachedRulesets) {
      auto oldest = c.entries.begin();
      for (auto e = c.entries.begin(); e != c.entries.end(); ++e) {
        if (e->second->last_used < oldest->second->last_used) oldest = e;
      }
      c.entries.erase(oldest);
    }
    it = c.entries.emplace(name, std::make_shared<Entry>()).first;
  }
  it->second->last_used = ++c.clock;
  return it->second;
}

}  // namespace

bool has_misere_quotient(const Ruleset& rules) {
  const HeapGame* game = single_heap_game(rules);
  if (!game) return false;
  // Probe the first heaps: a move that keeps a heap's size (a zero move) rules quotients out.
  for (std::uint64_t n = 1; n <= 3; ++n) {
    const Heap h{n};
    const std::span<const Heap> component(&h, 1);
    const Count count = game->option_count(component);
    for (Count i = 0; i < count && i < 64; ++i) {
      for (const Heap& part : game->option_at(component, i).result) {
        if (part.zero_spent || part.size >= n) return false;
      }
    }
  }
  return true;
}

Result<MisereQuotient> compute_misere_quotient(const Ruleset& rules, const QuotientBounds& bounds,
                                               const Limits& limits, const MisereQuotient* from,
                                               const QuotientObserver& observer) {
  const HeapGame* game = single_heap_game(rules);
  if (!game) {
    return fail(
        ErrorKind::kUnsupported,
        fmt::format("{} has no misère quotients here: they are computed for games of single heaps",
                    rules.spec()));
  }
  if (bounds.period < 1 || bounds.period > kMostQuotientPeriod) {
    return fail(fmt::format("period {} must be from 1 to {}", bounds.period, kMostQuotientPeriod));
  }
  if (bounds.max_index && (*bounds.max_index < 2 || *bounds.max_index > kMostQuotientIndex)) {
    return fail(
        fmt::format("max_index {} must be from 2 to {}", *bounds.max_index, kMostQuotientIndex));
  }
  detail::QuotientBuilder builder(*game, quotient_rules(rules), octal_bound(rules), bounds, limits,
                                  observer);
  if (from) {
    auto resumed = builder.resume(*from);
    if (!resumed) return resumed.failure();
  }
  return builder.run();
}

std::shared_ptr<const MisereQuotient> shared_misere_quotient(const Ruleset& rules,
                                                             std::uint64_t heap,
                                                             const QuotientBounds& bounds,
                                                             const Limits& limits) {
  if (!has_misere_quotient(rules)) return nullptr;
  const std::shared_ptr<Entry> entry = entry_for(quotient_rules(rules));
  const std::lock_guard lock(entry->computing);
  if (entry->quotient && entry->quotient->covers(heap)) return entry->quotient;
  if (entry->stuck || (entry->quotient && entry->quotient->max_heap() >= bounds.max_heap)) {
    return nullptr;
  }
  // A heap within the bound needs the quotient up to it; a larger one, the proved period.
  QuotientBounds to = bounds;
  if (heap <= bounds.max_heap) to.max_heap = heap;
  auto computed = compute_misere_quotient(rules, to, limits, entry->quotient.get());
  const bool limited = limits.meter && limits.meter->exhausted();
  if (!computed) {
    entry->stuck = !limited;
    return nullptr;
  }
  if (!limited && !computed->period() && computed->max_heap() < to.max_heap) entry->stuck = true;
  if (!entry->quotient || computed->max_heap() > entry->quotient->max_heap() ||
      computed->period()) {
    entry->quotient = std::make_shared<const MisereQuotient>(std::move(*computed));
  }
  return entry->quotient->covers(heap) ? entry->quotient : nullptr;
}

std::shared_ptr<const MisereQuotient> known_misere_quotient(const Ruleset& rules) {
  if (!has_misere_quotient(rules)) return nullptr;
  const std::shared_ptr<Entry> entry = entry_for(quotient_rules(rules));
  const std::lock_guard lock(entry->computing);
  return entry->quotient;
}

}  // namespace nimkit
