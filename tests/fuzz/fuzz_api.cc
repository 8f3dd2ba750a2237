// The JSON API handlers, called in-process as `nimkit serve` calls them. The first byte picks the
// endpoint, the rest is the body. Every answer must be a JSON object; a refusal must be 4xx with
// a string "error"; nothing may answer 5xx.
#include <string>

#include "api.h"
#include "fuzz_common.h"

using namespace nimkit;

namespace {

server::Api make_api() {
  server::ApiLimits limits;
  limits.engine = fuzz::tight_limits();
  limits.engine.meter = nullptr;  // the handlers make one meter per request from these limits
  limits.max_grundy_count = 200;
  // /api/grundy lets the period search and the table grow past the engine limits, bounded by the
  // request's meter: keep them small so that every input stays fast.
  limits.period_search = 1'000;
  limits.max_request_steps = 1'000'000;
  limits.max_grid_side = 16;
  limits.max_listed_values = 50;
  limits.grundy_bands = 20;
  limits.max_listed_moves = 16;
  return server::Api(limits);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const server::Api api = make_api();
  const std::string_view body = fuzz::as_text(data + 1, size - 1);
  server::ApiResponse response;
  switch (data[0] % 4) {
    case 0:
      response = api.analyze(body);
      break;
    case 1:
      response = api.move(body);
      break;
    case 2:
      response = api.moves(body);
      break;
    default:
      response = api.grundy(body);
      break;
  }
  NIMKIT_FUZZ_CHECK(response.body.is_object());
  NIMKIT_FUZZ_CHECK(response.status < 500);
  if (response.status >= 400) {
    NIMKIT_FUZZ_CHECK(response.body.contains("error") && response.body["error"].is_string());
  }
  (void)response.body.dump();  // throws on invalid UTF-8 in any string of the answer
  return 0;
}
