// POST /api/grundy: the values of a ruleset for the page's Grundy view, read through the library's
// entry points every front end uses (SequenceJob for a sequence and its period, grundy_grid for a
// table of pairs), in bands so that a million values never sit in one answer.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "api.h"
#include "json.h"
#include "nimkit/heap_ruleset.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"
#include "nimkit/ruleset.h"
#include "nimkit/sequence_job.h"
#include "request.h"

namespace nimkit::server {
namespace {

using contract::nimber_json;
using nlohmann::json;

// The smallest and largest value of each run of `width` heaps: a plot of any count of values in
// a fixed number of points.
struct Bands {
  std::uint64_t width = 1;
  json min = json::array();
  json max = json::array();
  Nimber top = 0;

  void add(std::uint64_t n, Nimber v) {
    top = std::max(top, v);
    if (n % width == 0) {
      low_ = high_ = v;
    } else {
      low_ = std::min(low_, v);
      high_ = std::max(high_, v);
    }
    if (n % width == width - 1) flush();
  }
  // Closes a last, shorter band.
  void finish(std::uint64_t count) {
    if (count % width != 0) flush();
  }

 private:
  void flush() {
    min.push_back(nimber_json(low_));
    max.push_back(nimber_json(high_));
  }
  Nimber low_ = 0;
  Nimber high_ = 0;
};

// A count out of range, with the range ("field", "max") for a form to state in its own words.
ApiResponse count_refusal(std::string message, std::uint64_t max) {
  ApiResponse refusal = unprocessable(std::move(message));
  refusal.body["field"] = "count";
  refusal.body["max"] = max;
  return refusal;
}

// Values the request could not compute. When its work limit stopped them, the answer says how far
// the values are known ("known_to"): the job works on the ruleset's shared table, so asking again
// continues there.
ApiResponse values_refusal(const SequenceJob& job, const Error& error, const Limits& engine) {
  ApiResponse refusal = engine_refusal(error, engine);
  if (engine.meter && engine.meter->exhausted()) {
    refusal.body["stopped"] = "request_limit";
    const std::uint64_t known = job.size();
    refusal.body["known_to"] = known == 0 ? json(nullptr) : json(known - 1);
  }
  return refusal;
}

// The period part of a /api/grundy answer: the proved period and its proof, or how far the values
// were checked and why the search stopped ("stopped": "no_theorem", "search_limit" or
// "request_limit").
void add_period(json& answer, const SequencePeriod& found) {
  answer["period"] = nullptr;
  answer["preperiod"] = nullptr;
  answer["proved"] = false;
  if (found.period) {
    answer["period"] = found.period->period;
    answer["preperiod"] = found.period->preperiod;
    answer["proved"] = true;
    answer["proof"] = found.period->proof;
    answer["checked_to"] = found.period->checked_to;
    // g(n + period) = g(n) + saltus past the preperiod: 0 for an ordinary period.
    answer["saltus"] = found.period->saltus;
    return;
  }
  answer["searched_to"] = found.searched_to;
  switch (found.stopped) {
    case PeriodStop::kNoTheorem:
      answer["stopped"] = "no_theorem";
      break;
    case PeriodStop::kRequestLimit:
      answer["stopped"] = "request_limit";
      break;
    case PeriodStop::kSearchLimit:
    case PeriodStop::kNone:
      answer["stopped"] = "search_limit";
      break;
  }
  answer["no_period"] = found.why;
}

}  // namespace

ApiResponse Api::grundy(std::string_view text, std::shared_ptr<WorkMeter> meter) const {
  Limits engine = engine_limits(std::move(meter));
  Request request = parse_body(text, limits_, {"rules", "count"});
  if (request.refusal) return *request.refusal;
  const json& body = request.body;
  auto spec = rules_field(body, "kayles");
  if (auto* refusal = std::get_if<ApiResponse>(&spec)) return *refusal;
  if (!body.contains("count")) return bad_request("missing field \"count\" (values wanted)");
  auto count_field = optional_u64(body, "count");
  if (auto* refusal = std::get_if<ApiResponse>(&count_field)) return *refusal;
  const std::uint64_t count = *std::get<std::optional<std::uint64_t>>(count_field);
  auto rules = make_ruleset(std::get<std::string>(spec));
  if (!rules) return unprocessable(rules.error());
  const ValueShape shape = value_shape(**rules);
  if (shape == ValueShape::kGrid) return grundy_grid_answer(**rules, count, engine);
  if (shape == ValueShape::kNone) {
    return unprocessable(fmt::format("{} has no Grundy sequence: {}", sanitize((*rules)->spec()),
                                     (*rules)->loopy() && (*rules)->heap_game() != nullptr
                                         ? "it can be played for ever, so its values may be "
                                           "infinite (∞)"
                                         : "its positions are not single heaps or pairs of heaps"));
  }
  if (count < 1 || count > limits_.max_grundy_count) {
    return count_refusal(
        fmt::format("\"count\" {} is outside 1 to {}", count, limits_.max_grundy_count),
        limits_.max_grundy_count);
  }
  // The job computes the values and proves the period on the ruleset's shared table, within the
  // request's meter; the period search may compute up to the server's bound (or the count), and a
  // scan of options at most the request's steps.
  SequenceJobOptions options;
  options.count = count;
  options.period = true;
  options.period_search = limits_.period_search;
  options.shared_table = true;
  engine.max_scan = std::max(engine.max_scan, limits_.max_request_steps);
  auto job = SequenceJob::create(*rules, options, engine);
  if (!job) return engine_refusal(job.failure(), engine);
  auto ran = job->run();
  if (!ran) return values_refusal(*job, ran.failure(), engine);
  if (*ran != SequenceJobStop::kNone) return values_refusal(*job, engine.stop_error(), engine);

  // Values read in chunks, so that a million of them never sit in memory at once.
  constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;
  const std::uint64_t listed = std::min(count, limits_.max_listed_values);
  json list = json::array();
  Bands bands;
  bands.width = (count + limits_.grundy_bands - 1) / limits_.grundy_bands;
  for (std::uint64_t begin = 0; begin < count; begin += kChunk) {
    auto values = job->values(begin, std::min(count, begin + kChunk));
    if (!values) return values_refusal(*job, values.failure(), engine);
    for (std::uint64_t i = 0; i < values->size(); ++i) {
      const std::uint64_t n = begin + i;
      if (n < listed) list.push_back(nimber_json((*values)[i]));
      bands.add(n, (*values)[i]);
    }
  }
  bands.finish(count);
  json answer{
      {"rules", (*rules)->spec()},
      {"summary", (*rules)->summary()},
      {"shape", std::string(to_string(shape))},
      {"source", std::string(to_string((*rules)->value_source()))},
      {"count", count},
      {"listed", listed},
      {"values", std::move(list)},
      {"max_value", nimber_json(bands.top)},
      {"bands",
       json{{"width", bands.width}, {"min", std::move(bands.min)}, {"max", std::move(bands.max)}}}};
  // A period is reported only when a theorem (or the closed form) proves it, never guessed from
  // the values shown.
  add_period(answer, job->period());
  return ApiResponse{200, std::move(answer)};
}

ApiResponse Api::grundy_grid_answer(const Ruleset& rules, std::uint64_t side,
                                    const Limits& engine) const {
  if (side < 1 || side > limits_.max_grid_side) {
    return count_refusal(fmt::format("\"count\" {} is outside 1 to {} for the table g(a, b) of {}",
                                     side, limits_.max_grid_side, sanitize(rules.spec())),
                         limits_.max_grid_side);
  }
  auto grid = grundy_grid(rules, side, side, engine);
  if (!grid) return engine_refusal(grid.failure(), engine);
  json rows = json::array();
  for (std::uint64_t a = 0; a < side; ++a) {
    json row = json::array();
    for (std::uint64_t b = 0; b < side; ++b) row.push_back(nimber_json((*grid)[a * side + b]));
    rows.push_back(std::move(row));
  }
  json answer{{"rules", rules.spec()},
              {"summary", rules.summary()},
              {"shape", std::string(to_string(ValueShape::kGrid))},
              {"source", std::string(to_string(rules.value_source()))},
              {"count", side},
              {"grid", std::move(rows)}};
  return ApiResponse{200, std::move(answer)};
}

}  // namespace nimkit::server
