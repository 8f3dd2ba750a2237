// The nimkit engine in WebAssembly: the JSON API of `nimkit serve` answered by method and path in
// a browser (a Web Worker) with no server, through the routes the server puts on HTTP
// (routes.h: answer_request), so that both give the same statuses and JSON, refusals included,
// under the same ApiLimits and a meter per call with the same budget and deadline.
//
// A C interface for engine.js, which wraps it for JavaScript: nimkit_call answers one request
// and returns its status; the answer's text (UTF-8, the rendered JSON) then stays readable through
// nimkit_answer / nimkit_answer_size until the next call. The module runs one call at a time, on
// the thread that calls it, and starts no thread (the API runs every engine on the calling thread).
//
// Exceptions are not caught in this build (emscripten's default): what the server answers from a
// caught exception, the engine answers from an abort. Memory running out calls the new-handler,
// which marks the module (Module.nimkitOutOfMemory) and aborts; engine.js then answers the
// server's 503 for it, or its 500 for any other abort, both written here beforehand
// (nimkit_failure), and starts a fresh instance for the next call.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>

#include "api.h"
#include "routes.h"

namespace {

using nimkit::server::Api;
using nimkit::server::RenderedAnswer;

const Api& api() {
  // The server's limits: `nimkit serve` answers with ApiLimits' defaults too.
  static const Api instance;
  return instance;
}

RenderedAnswer& last_answer() {
  static RenderedAnswer answer;
  return answer;
}

void on_out_of_memory() {
  EM_ASM({ Module['nimkitOutOfMemory'] = true; });
  std::abort();
}

}  // namespace

extern "C" {

// Answers `method` `path` with `body` (bytes, not necessarily text) and returns the status.
EMSCRIPTEN_KEEPALIVE int nimkit_call(const char* method, std::size_t method_size, const char* path,
                                     std::size_t path_size, const char* body,
                                     std::size_t body_size) {
  std::set_new_handler(on_out_of_memory);
  RenderedAnswer& answer = last_answer();
  answer = RenderedAnswer{};  // the last answer's memory back before this call runs
  answer = nimkit::server::render(nimkit::server::answer_request(
      api(), std::string_view(method, method_size), std::string_view(path, path_size),
      std::string_view(body, body_size)));
  return answer.status;
}

// The answer the server gives when a request fails unexpectedly: its 503 when memory ran out
// (`out_of_memory` nonzero), else its 500; read as nimkit_call's answer.
EMSCRIPTEN_KEEPALIVE int nimkit_failure(int out_of_memory) {
  RenderedAnswer& answer = last_answer();
  answer = nimkit::server::render(out_of_memory != 0 ? nimkit::server::out_of_memory()
                                                     : nimkit::server::internal_error());
  return answer.status;
}

EMSCRIPTEN_KEEPALIVE const char* nimkit_answer() { return last_answer().body.data(); }
EMSCRIPTEN_KEEPALIVE std::size_t nimkit_answer_size() { return last_answer().body.size(); }

}  // extern "C"
