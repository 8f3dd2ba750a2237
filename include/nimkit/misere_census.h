// The misère census of octal games: each code's misère quotient (misere_quotient.h) computed
// within explicit bounds, and the code classified by what was proved.
//
// The classes (classify_misere):
//  - tame: the quotient is complete — Φ proved periodic by the misère periodicity theorem, so Q
//    and P are the quotient of every sum of heaps of any size — and tame (isomorphic, with P, to
//    a quotient of misère Nim): misère play is Nim's with the heaps' Grundy values;
//  - finite: complete and wild; the line gives the theorem's certificate (preperiod, period,
//    checked_to), the order of Q and |P|;
//  - partial: no period proved within the bounds; what is known is the quotient of heaps ≤ N
//    (exact for every sum of such heaps), with its order, |P|, whether it is tame so far, and why
//    it stopped: the heap bound, the order bound, the verification's pair bound, the memory
//    budget, the work bound, or no candidate quotient verified at the next heap;
//  - stopped: not even heap 1 fitted within the bounds (why).
//
// Determinism. Each code gets a meter of its own, MisereCensusLimits::max_steps steps (the misère
// quotient's work meter counts steps of its loops, not time), and a memory budget counted in the
// bytes of the structures kept, not read from the machine; the quotient computation is
// sequential. So a code's line is a function of the code and the limits alone: a census gives the
// same lines serial, resumed, sharded or under MPI. A caller's meter only cancels (a signal,
// Ctrl-C): a cancelled code fails with kCancelled and has no line.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nimkit/census.h"
#include "nimkit/limits.h"
#include "nimkit/misere_quotient.h"
#include "nimkit/octal_code.h"
#include "nimkit/result.h"

namespace nimkit {

struct MisereCensusLimits {
  // Heaps examined per code: Kayles (0.77) proves its period 12 from heap 71 at heap 166.
  std::uint64_t max_heap = 300;
  // Elements a candidate quotient may have (its table is order² entries).
  std::uint64_t max_order = 2048;
  // Steps of the misère quotient's work meter per code: 10^8 is one to three seconds of one
  // core, so the 1023 codes of three digits take about twenty minutes (docs/census.md).
  std::uint64_t max_steps = 100'000'000;
  // Bytes a code's candidates, tables and verification pairs may take (Limits::max_search_bytes).
  std::uint64_t max_bytes = std::uint64_t{512} << 20;
  // A caller's meter, never charged: once cancelled (or past its deadline) the code's
  // computation stops and classify_misere fails with its reason. None when null.
  std::shared_ptr<WorkMeter> meter = nullptr;
};

// kLast: keep last; name a new value in the table beside its to_string() (checked there).
enum class MisereClass { kTame, kFinite, kPartial, kStopped, kLast = kStopped };
std::string_view to_string(MisereClass kind);  // "tame", "finite", "partial", "stopped"
std::optional<MisereClass> parse_misere_class(std::string_view text);

// Why a partial or stopped code stopped, for machines: "heaps" (the heap bound), "order" (the
// order bound), "index" (a heap's index proved past QuotientBounds::max_index), "pairs" (the
// verification's pair bound), "memory" (the memory budget), "work" (max_steps), "unverified" (no
// candidate quotient for the next heap verified), "other" (a stop the quotient computation gives
// no other name).
enum class MisereStop {
  kHeaps,
  kOrder,
  kIndex,
  kPairs,
  kMemory,
  kWork,
  kUnverified,
  kOther,
  kLast = kOther
};
std::string_view to_string(MisereStop stop);
std::optional<MisereStop> parse_misere_stop(std::string_view text);

struct MisereCensusEntry {
  std::string code;  // canonical ("0.77", "4.12")
  MisereClass kind = MisereClass::kStopped;
  // The quotient of heaps ≤ heaps (tame, finite, partial; 0 when stopped).
  std::uint64_t heaps = 0;
  std::uint64_t order = 0;
  std::uint64_t p_size = 0;
  bool tame = false;                   // tame (so far, when partial)
  std::optional<MiserePeriod> period;  // tame and finite: the theorem's certificate
  // partial and stopped: why (stopped_by) and the computation's own words (stopped).
  std::optional<MisereStop> stopped_by;
  std::string stopped;
  std::uint64_t steps = 0;  // meter steps the code took
};

// The fields of a misère census line, in order (docs/census.md): code, class, heaps, order,
// p_size, tame (not when stopped), preperiod, period and checked_to (tame and finite), stopped_by
// and stopped (partial and stopped), steps. Each front end writes them in its own form.
std::vector<std::pair<std::string_view, CensusValue>> misere_census_fields(
    const MisereCensusEntry& entry);

// Computes the misère quotient of `code` within `limits` and classifies it. Fails (kBadInput)
// when the code has no moves or no misère quotient here, and (kCancelled) when limits.meter was
// cancelled.
Result<MisereCensusEntry> classify_misere(const OctalCode& code, const MisereCensusLimits& limits);

}  // namespace nimkit
