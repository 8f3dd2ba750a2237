#include "server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <future>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "connection.h"
#include "json.h"
#include "nimkit/quote.h"
#include "routes.h"
#include "static_files.h"

namespace nimkit::server {
namespace {

using Clock = std::chrono::steady_clock;

// When the request a worker thread is handling started. httplib handles one request at a time per
// worker, and calls the pre-routing handler and the logger on that worker, so a thread-local
// carries the time from one to the other. Requests refused before routing (a malformed request
// line) have no start time and log "-".
thread_local std::optional<Clock::time_point> request_start;

std::string_view reason(int status) {
  switch (status) {
    case 400:
      return "malformed HTTP request";
    case 405:
      return "method not allowed";
    case 413:
      return "request body too large";
    case 414:
      return "request URI too long";
    default:
      return "request failed";
  }
}

void send_rendered(httplib::Response& res, RenderedAnswer answer) {
  res.status = answer.status;
  res.set_content(std::move(answer.body), "application/json");
  res.set_header("Cache-Control", "no-store");
}

void send_json(httplib::Response& res, ApiResponse answer) {
  send_rendered(res, render(std::move(answer)));
}

// Engine threads are scheduled as batch work (SCHED_BATCH: same share of the CPU, but they never
// preempt a thread that wakes up): on a machine with few cores, the event loop and the workers
// that answer health, the page and refusals then run as soon as they have something to do, while
// the engine keeps its share against other processes. Failing to set it only loses that
// preference.
void schedule_engine_thread_as_batch() {
  thread_local bool done = false;
  if (done) return;
  done = true;
  sched_param param{};
  param.sched_priority = 0;
  (void)::pthread_setschedparam(::pthread_self(), SCHED_BATCH, &param);
}

ApiResponse error_answer(int status, std::string message) {
  return ApiResponse{status, nlohmann::json{{"error", std::move(message)}}};
}

// max_running must be settled: every engine request may hold a worker while it runs or waits.
ConnectionOptions connection_options(const ServerOptions& options) {
  return ConnectionOptions{.idle_timeout = options.idle_timeout,
                           .request_deadline = options.request_deadline,
                           .write_timeout = options.write_timeout,
                           .answer_budget = options.answer_budget,
                           .framing = FramingLimits{.max_body_bytes = options.api.max_body_bytes},
                           .max_connections = options.max_connections,
                           .max_connections_per_address = options.max_connections_per_address,
                           .workers = options.threads + options.max_running + options.max_waiting};
}

// A page file as the client asked for it: its brotli or gzip coding made at build time (the
// body goes out through a content provider, which httplib sends as it is instead of compressing
// it again), or 304 when the client's copy is current. "no-cache" has the browser revalidate
// every use, which an unchanged file answers with a bodiless 304: the paths carry no version, so
// a longer lifetime would show a stale page after an upgrade.
void serve_static_file(const httplib::Request& req, const StaticFile& file,
                       httplib::Response& res) {
  const StaticAnswer answer = choose_coding(file, req.get_header_value("Accept-Encoding"));
  res.set_header("Cache-Control", "no-cache");
  res.set_header("Vary", "Accept-Encoding");
  res.set_header("ETag", answer.etag);
  if (etag_matches(req.get_header_value("If-None-Match"), answer.etag)) {
    res.status = 304;
    return;
  }
  if (!answer.encoding.empty()) res.set_header("Content-Encoding", std::string(answer.encoding));
  const std::string_view bytes = answer.bytes;
  res.set_content_provider(
      bytes.size(), std::string(file.content_type),
      [bytes](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
        return sink.write(bytes.data() + offset, length);
      });
}

// Where index.html takes its first answers: a JSON data block, which the browser does not run, so
// the page's Content-Security-Policy (no inline script) stands as it is.
constexpr std::string_view kFirstAnswersMarker =
    R"(<script type="application/json" id="first-answers"></script>)";

// `answers` as a data block holding them. '<' occurs in JSON only within strings, where "\u003c"
// means the same, so nothing in a text ("</script>", "<!--") can end or alter the block.
std::string inline_json(const nlohmann::json& answers) {
  std::string text = contract::dump_json(answers);
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    if (c == '<') {
      escaped += "\\u003c";
    } else {
      escaped += c;
    }
  }
  return R"(<script type="application/json" id="first-answers">)" + escaped + "</script>";
}

}  // namespace

Server::Server(ServerOptions options) : options_(std::move(options)), api_(options_.api) {
  if (options_.max_running == 0) {
    options_.max_running = std::max<std::size_t>(2, std::thread::hardware_concurrency());
  }
  http_ = std::make_unique<ReactorHttpServer>(connection_options(options_));
  engine_pool_ = std::make_unique<httplib::ThreadPool>(options_.max_running);
  index_ = std::make_unique<FilledFile>(*find_static_file("/index.html"), kFirstAnswersMarker,
                                        inline_json(api_.first_answers()));
  install_routes();
}

Server::~Server() {
  stop();
  engine_pool_->shutdown();
}

std::string Server::address() const {
  const bool v6 = options_.host.find(':') != std::string::npos;
  return fmt::format("http://{}{}{}:{}/", v6 ? "[" : "", options_.host, v6 ? "]" : "", port_);
}

Result<bool> Server::bind() {
  if (options_.host.empty()) return fail("the host is empty: give an address such as 127.0.0.1");
  if (options_.port < 0 || options_.port > 65535) {
    return fail(fmt::format("port {} is not between 0 and 65535", options_.port));
  }
  if (options_.port == 0) {
    const int port = http_->bind_to_any_port(options_.host);
    if (port < 0)
      return fail(fmt::format("cannot listen on {} (any port)", sanitize(options_.host)));
    port_ = port;
  } else {
    if (!http_->bind_to_port(options_.host, options_.port)) {
      return fail(fmt::format("cannot listen on {}:{} (address in use or not local?)",
                              sanitize(options_.host), options_.port));
    }
    port_ = options_.port;
  }
  // httplib listens with a backlog of 5, which refuses connections under a burst: listening
  // again on the bound socket only raises the backlog.
  if (listen_socket_ >= 0 && ::listen(listen_socket_, options_.backlog) != 0) {
    return fail(fmt::format("cannot listen on {}:{} with a backlog of {}", sanitize(options_.host),
                            port_, options_.backlog));
  }
  return true;
}

bool Server::listen() {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) return true;
  }
  return http_->serve();
}

void Server::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    for (const auto& meter : meters_) meter->cancel();
  }
  turn_.notify_all();
  // Also before serve() has started: it then returns at once.
  http_->stop_serving();
}

ConnectionCounts Server::connection_counts() const {
  return ConnectionCounts{.dropped_slow = http_->dropped_slow(),
                          .evicted = http_->evicted(),
                          .refused = http_->refused(),
                          .handed = http_->handed(),
                          .cut_off = http_->cut_off(),
                          .over_budget = http_->over_budget(),
                          .held_answer_bytes = http_->held_bytes()};
}

bool Server::admit() {
  std::unique_lock lock(mutex_);
  if (stopping_) return false;
  if (running_ < options_.max_running) {
    ++running_;
    return true;
  }
  if (waiting_ >= options_.max_waiting) return false;
  ++waiting_;
  const bool turn = turn_.wait_for(lock, options_.queue_wait,
                                   [this] { return stopping_ || running_ < options_.max_running; });
  --waiting_;
  if (!turn || stopping_) return false;
  ++running_;
  return true;
}

void Server::release() {
  {
    const std::lock_guard lock(mutex_);
    --running_;
  }
  turn_.notify_one();
}

void Server::run_engine(const std::function<ApiResponse(std::shared_ptr<WorkMeter>)>& work,
                        httplib::Response& res) {
  if (!admit()) {
    res.set_header("Retry-After", "1");
    send_json(res, error_answer(503, "the server is busy: try again in a second"));
    return;
  }
  std::shared_ptr<WorkMeter> meter = api_.new_meter();
  {
    const std::lock_guard lock(mutex_);
    if (stopping_) meter->cancel();
    meters_.insert(meter);
  }
  // The work runs on the engine pool (max_running threads), not on the connection's thread:
  // deep searches then touch the stacks of a few threads only, and the connection threads stay
  // small. The answer is rendered there too: an 8 MB analysis takes tens of milliseconds to
  // write as text, at the engine's priority.
  auto promise = std::make_shared<std::promise<RenderedAnswer>>();
  std::future<RenderedAnswer> result = promise->get_future();
  engine_pool_->enqueue([promise, &work, meter] {
    schedule_engine_thread_as_batch();
    try {
      promise->set_value(render(work(meter)));
    } catch (const std::bad_alloc&) {
      promise->set_value(render(out_of_memory()));
    } catch (...) {
      promise->set_value(render(internal_error()));
    }
  });
  send_rendered(res, result.get());
  {
    const std::lock_guard lock(mutex_);
    meters_.erase(meter);
  }
  release();
}

void Server::install_routes() {
  set_http_options();
  install_answer_checks();
  install_api_routes();
  install_static_and_errors();
  if (options_.log) install_logger();
}

void Server::set_http_options() {
  httplib::Server& http = *http_;
  // SO_REUSEADDR only: httplib's default also sets SO_REUSEPORT, which lets a second server bind
  // the same port and silently take half of the connections. The socket is kept to raise the
  // backlog after binding.
  http.set_socket_options([this](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    listen_socket_ = sock;
  });
  // The connection layer reads whole bodies within this limit already; httplib checks it again.
  http.set_payload_max_length(options_.api.max_body_bytes);
  // Only for the Keep-Alive header it writes: the connection layer enforces the idle timeout.
  http.set_keep_alive_timeout(
      std::chrono::ceil<std::chrono::seconds>(options_.idle_timeout).count());
  // httplib writes headers and body in separate sends; with Nagle's algorithm on, a keep-alive
  // client's delayed ACK then stalls every answer by ~40 ms (measured with wrk: 288 → see
  // docs/performance.md). Set on the listening socket, it is inherited by every accepted one.
  http.set_tcp_nodelay(true);
  // The page loads only its own files: no CDN, fonts or trackers, enforced by the browser too.
  http.set_default_headers({
      {"Content-Security-Policy",
       "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
  });
}

void Server::install_answer_checks() {
  httplib::Server& http = *http_;
  // A request the connection layer refused (its framing headers lie, or its head or body is
  // too large) is answered here, before routing, so that it is logged like any other.
  http.set_pre_routing_handler([](const httplib::Request&, httplib::Response& res) {
    request_start = Clock::now();
    if (const Refusal* refusal = ReactorHttpServer::refusal_of_current_request()) {
      send_json(res, error_answer(refusal->status, refusal->message));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });

  // Every answer is held in memory until its client has read it (connection.h): one that does
  // not fit the answer budget is replaced, before it is written or logged, by a 503.
  http.set_post_routing_handler([this](const httplib::Request&, httplib::Response& res) {
    const std::size_t bytes = res.body.empty() ? res.content_length_ : res.body.size();
    if (http_->admit_answer(bytes)) return;
    res.content_provider_ = nullptr;
    res.content_length_ = 0;
    res.headers.erase("Content-Length");
    res.headers.erase("Content-Encoding");
    res.headers.erase("Cache-Control");
    res.set_header("Retry-After", "1");
    send_json(res, error_answer(503,
                                "the server is busy sending other answers: try again in a "
                                "second"));
    res.set_header("Content-Length", std::to_string(res.body.size()));
  });
}

void Server::install_api_routes() {
  httplib::Server& http = *http_;
  const Api& api = api_;
  const std::size_t max_body = options_.api.max_body_bytes;
  for (const ApiRoute& route : api_routes()) {
    const std::string path(route.path);
    if (route.method == ApiMethod::kGet) {
      http.Get(path, [&api, &route](const httplib::Request&, httplib::Response& res) {
        send_json(res, route.answer(api, {}, nullptr));
      });
      http.Post(path, [&route](const httplib::Request&, httplib::Response& res) {
        res.set_header("Allow", "GET");
        send_json(res, wrong_method(route));
      });
      continue;
    }
    // The body is read here, as bytes, whatever its Content-Type: httplib would parse a form
    // body (`curl -d`) itself and refuse it above 8 KiB.
    http.Post(
        path, [this, &api, &route, max_body](const httplib::Request& req, httplib::Response& res,
                                             const httplib::ContentReader& reader) {
          if (req.is_multipart_form_data()) {
            send_json(res, error_answer(415,
                                        "multipart bodies are not accepted: send the JSON "
                                        "object as the body (Content-Type application/json)"));
            return;
          }
          std::string body;
          bool too_large = false;
          const bool read = reader([&](const char* data, std::size_t size) {
            too_large = body.size() + size > max_body;
            if (!too_large) body.append(data, size);
            return !too_large;
          });
          if (too_large || res.status == 413) {
            send_json(res, error_answer(413, body_too_large(max_body)));
            return;
          }
          if (!read) {
            send_json(res, error_answer(400, "the request body could not be read"));
            return;
          }
          run_engine(
              [&](std::shared_ptr<WorkMeter> meter) {
                return route.answer(api, body, std::move(meter));
              },
              res);
        });
    http.Get(path, [&route](const httplib::Request&, httplib::Response& res) {
      res.set_header("Allow", "POST");
      send_json(res, wrong_method(route));
    });
  }
}

void Server::install_static_and_errors() {
  httplib::Server& http = *http_;
  const std::size_t max_body = options_.api.max_body_bytes;
  http.Get(R"(/.*)", [this](const httplib::Request& req, httplib::Response& res) {
    const StaticFile* file = find_static_file(req.path);
    if (file != nullptr && file->path == "/index.html") file = &index_->file();
    if (file == nullptr) {
      // HEAD too is routed here: the answer names no method, as to GET.
      send_json(res, no_such_path("GET", req.path));
      return;
    }
    serve_static_file(req, *file, res);
  });

  // Every refusal is JSON, including those httplib makes itself (404 for an unrouted method,
  // 413 for an oversized body, 400 for a malformed request).
  http.set_error_handler(httplib::Server::HandlerWithResponse(
      [max_body](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        if (res.status == 404) {
          send_json(res, no_such_path(req.method, req.path));
          return httplib::Server::HandlerResponse::Handled;
        }
        const std::string message =
            res.status == 413 ? body_too_large(max_body) : std::string(reason(res.status));
        send_json(res, error_answer(res.status, message));
        return httplib::Server::HandlerResponse::Handled;
      }));
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                std::exception_ptr) { send_json(res, internal_error()); });
}

void Server::install_logger() {
  auto mutex = std::make_shared<std::mutex>();
  http_->set_logger(
      [log = options_.log, mutex](const httplib::Request& req, const httplib::Response& res) {
        std::string elapsed = "-";
        if (request_start) {
          const auto us =
              std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - *request_start);
          elapsed = fmt::format("{:.1f}ms", static_cast<double>(us.count()) / 1000.0);
          request_start.reset();
        }
        // The path is the client's text: escaped, so that it cannot forge a line or send terminal
        // escapes to whoever reads the log, and bounded.
        const std::string line = fmt::format("{} {} {} {}", sanitize(req.method),
                                             sanitize(req.path, 256), res.status, elapsed);
        const std::lock_guard lock(*mutex);
        log(line);
      });
}

}  // namespace nimkit::server
