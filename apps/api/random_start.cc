// POST /api/random: a random start for the new-game form's "Random" button, the library's
// random_start() (random_start.h) answered as the library writes it, so a start the form shows
// always loads.
#include "nimkit/random_start.h"

#include <fmt/format.h>

#include <cstdint>
#include <random>
#include <string>

#include "api.h"
#include "nimkit/notation.h"
#include "nimkit/registry.h"
#include "request.h"

namespace nimkit::server {

ApiResponse Api::random_start(std::string_view text, std::shared_ptr<WorkMeter> meter) const {
  const Limits engine = engine_limits(std::move(meter));
  Request request = parse_body(text, limits_, {"rules", "seed"});
  if (request.refusal) return *request.refusal;
  auto spec = rules_field(request.body, "node-kayles");
  if (auto* refusal = std::get_if<ApiResponse>(&spec)) return *refusal;
  auto rules = make_ruleset(std::get<std::string>(spec));
  if (!rules) return engine_refusal(rules.failure(), engine);
  auto seed_field = optional_u64(request.body, "seed");
  if (auto* refusal = std::get_if<ApiResponse>(&seed_field)) return *refusal;
  const std::uint64_t seed =
      std::get<std::optional<std::uint64_t>>(seed_field)
          .value_or((std::uint64_t{std::random_device{}()} << 32) | std::random_device{}());
  auto position = nimkit::random_start(*rules, seed, engine);
  if (!position) return engine_refusal(position.failure(), engine);
  return ApiResponse{200, nlohmann::json{{"rules", (*rules)->spec()},
                                         {"position", format_position(*position)},
                                         {"seed", seed}}};
}

}  // namespace nimkit::server
