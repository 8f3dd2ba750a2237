#include "nimkit/misere_census.h"

#include <fmt/format.h>

#include "../enum_names.h"
#include "nimkit/games/octal.h"

namespace nimkit {

namespace {

constexpr EnumName<MisereClass> kMisereClassNames[] = {
    {MisereClass::kTame, "tame"},
    {MisereClass::kFinite, "finite"},
    {MisereClass::kPartial, "partial"},
    {MisereClass::kStopped, "stopped"},
};
static_assert(names_every_value(kMisereClassNames), "a MisereClass has no name");

constexpr EnumName<MisereStop> kMisereStopNames[] = {
    {MisereStop::kHeaps, "heaps"},           {MisereStop::kOrder, "order"},
    {MisereStop::kIndex, "index"},           {MisereStop::kPairs, "pairs"},
    {MisereStop::kMemory, "memory"},         {MisereStop::kWork, "work"},
    {MisereStop::kUnverified, "unverified"}, {MisereStop::kOther, "other"},
};
static_assert(names_every_value(kMisereStopNames), "a MisereStop has no name");

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// The machine-readable reason of a stop. The code's own meter says whether the work bound
// stopped it; every other bound is known only by the words misere_quotient.h gives it
// (tests/misere_census_test.cc stops a code at each bound, so a change of words shows there).
MisereStop stop_of(std::string_view why, const WorkMeter& own, bool at_heap_bound) {
  if (own.exhausted()) return MisereStop::kWork;
  if (contains(why, "memory budget")) return MisereStop::kMemory;
  if (contains(why, "pairs")) return MisereStop::kPairs;
  if (contains(why, "elements")) return MisereStop::kOrder;
  if (contains(why, "the index bound")) return MisereStop::kIndex;
  if (contains(why, "no candidate quotient")) return MisereStop::kUnverified;
  if (at_heap_bound || contains(why, "heap bound")) return MisereStop::kHeaps;
  return MisereStop::kOther;
}

}  // namespace

std::string_view to_string(MisereClass kind) { return name_of(kMisereClassNames, kind); }

std::optional<MisereClass> parse_misere_class(std::string_view text) {
  return value_named(kMisereClassNames, text);
}

std::string_view to_string(MisereStop stop) { return name_of(kMisereStopNames, stop); }

std::optional<MisereStop> parse_misere_stop(std::string_view text) {
  return value_named(kMisereStopNames, text);
}

std::vector<std::pair<std::string_view, CensusValue>> misere_census_fields(
    const MisereCensusEntry& entry) {
  std::vector<std::pair<std::string_view, CensusValue>> out;
  const auto add = [&](std::string_view key, CensusValue value) {
    out.emplace_back(key, std::move(value));
  };
  add("code", entry.code);
  add("class", std::string(to_string(entry.kind)));
  if (entry.kind != MisereClass::kStopped) {
    add("heaps", entry.heaps);
    add("order", entry.order);
    add("p_size", entry.p_size);
    add("tame", entry.tame);
  }
  if (entry.period) {
    add("preperiod", entry.period->preperiod);
    add("period", entry.period->period);
    add("checked_to", entry.period->checked_to);
  }
  if (entry.stopped_by) {
    add("stopped_by", std::string(to_string(*entry.stopped_by)));
    add("stopped", entry.stopped);
  }
  add("steps", entry.steps);
  return out;
}

Result<MisereCensusEntry> classify_misere(const OctalCode& code, const MisereCensusLimits& limits) {
  if (code.max_parts() == 0) {
    return fail(fmt::format("code {} allows no move", code.to_string()));
  }
  const OctalGame game(code);
  if (!has_misere_quotient(game)) {
    return fail(fmt::format("code {} has no misère quotient here", code.to_string()));
  }
  QuotientBounds bounds;
  bounds.max_heap = limits.max_heap;
  bounds.max_order = static_cast<std::size_t>(limits.max_order);
  Limits quotient_limits;
  quotient_limits.max_search_bytes = limits.max_bytes;
  // The code's own budget; the caller's meter, its parent, only cancels it (share_of takes no
  // more than half of what a step-limited parent has left, so a parent has none).
  auto own = WorkMeter::share_of(limits.meter, limits.max_steps);
  own->name_steps(fmt::format("the work limit of {} steps", limits.max_steps));
  quotient_limits.meter = own;
  Result<MisereQuotient> quotient = compute_misere_quotient(game, bounds, quotient_limits);
  if (limits.meter && limits.meter->exhausted()) {
    Limits caller;
    caller.meter = limits.meter;
    return caller.stop_error();
  }
  MisereCensusEntry entry;
  entry.code = code.to_string();
  entry.steps = own->used();
  if (!quotient) {
    if (quotient.error_kind() == ErrorKind::kCancelled) return quotient.failure();
    entry.kind = MisereClass::kStopped;
    entry.stopped = quotient.error();
    entry.stopped_by = stop_of(entry.stopped, *own, false);
    return entry;
  }
  entry.heaps = quotient->max_heap();
  entry.order = quotient->order();
  entry.p_size = quotient->p_size();
  entry.tame = quotient->tame();
  entry.period = quotient->period();
  if (entry.period) {
    entry.kind = entry.tame ? MisereClass::kTame : MisereClass::kFinite;
    return entry;
  }
  entry.kind = MisereClass::kPartial;
  entry.stopped = quotient->stopped();
  entry.stopped_by = stop_of(entry.stopped, *own, quotient->max_heap() >= limits.max_heap);
  return entry;
}

}  // namespace nimkit
