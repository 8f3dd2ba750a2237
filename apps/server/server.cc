#include "server.h"

#include <fmt/format.h>
#include <httplib.h>

#include <chrono>
#include <mutex>
#include <optional>
#include <utility>

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
    case 404:
      return "no such path";
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

void send_json(httplib::Response& res, const ApiResponse& answer) {
  res.status = answer.status;
  res.set_content(answer.body.dump(), "application/json");
  res.set_header("Cache-Control", "no-store");
}

}  // namespace

Server::Server(ServerOptions options)
    : options_(std::move(options)), api_(options_.api), http_(std::make_unique<httplib::Server>()) {
  install_routes();
}

Server::~Server() { stop(); }

std::string Server::address() const {
  const bool v6 = options_.host.find(':') != std::string::npos;
  return fmt::format("http://{}{}{}:{}/", v6 ? "[" : "", options_.host, v6 ? "]" : "", port_);
}

Result<bool> Server::bind() {
  if (options_.port < 0 || options_.port > 65535) {
    return fail(fmt::format("port {} is not between 0 and 65535", options_.port));
  }
  if (options_.port == 0) {
    const int port = http_->bind_to_any_port(options_.host);
    if (port < 0) return fail(fmt::format("cannot listen on {} (any port)", options_.host));
    port_ = port;
  } else {
    if (!http_->bind_to_port(options_.host, options_.port)) {
      return fail(fmt::format("cannot listen on {}:{} (address in use or not local?)",
                              options_.host, options_.port));
    }
    port_ = options_.port;
  }
  return true;
}

bool Server::listen() { return http_->listen_after_bind(); }

void Server::stop() {
  if (http_) http_->stop();
}

void Server::install_routes() {
  httplib::Server& http = *http_;
  const std::size_t threads = options_.threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(options_.api.max_body_bytes);
  http.set_read_timeout(options_.read_timeout);
  http.set_write_timeout(options_.write_timeout);
  http.set_keep_alive_timeout(5);
  // httplib writes headers and body in separate sends; with Nagle's algorithm on, a keep-alive
  // client's delayed ACK then stalls every answer by ~40 ms (measured with wrk: 288 → see
  // docs/performance.md).
  http.set_tcp_nodelay(true);
  // The page loads only its own files: no CDN, fonts or trackers, enforced by the browser too.
  http.set_default_headers({
      {"Content-Security-Policy",
       "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
  });

  http.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
    request_start = Clock::now();
    return httplib::Server::HandlerResponse::Unhandled;
  });

  const Api& api = api_;
  http.Get("/api/health", [&api](const httplib::Request&, httplib::Response& res) {
    send_json(res, api.health());
  });
  http.Get("/api/rulesets", [&api](const httplib::Request&, httplib::Response& res) {
    send_json(res, api.rulesets());
  });
  using Handler = ApiResponse (Api::*)(std::string_view) const;
  const std::pair<const char*, Handler> posts[] = {
      {"/api/analyze", &Api::analyze},
      {"/api/move", &Api::move},
      {"/api/moves", &Api::moves},
      {"/api/grundy", &Api::grundy},
  };
  for (const auto& [path, handler] : posts) {
    http.Post(path, [&api, handler](const httplib::Request& req, httplib::Response& res) {
      send_json(res, (api.*handler)(req.body));
    });
    http.Get(path, [path = std::string(path)](const httplib::Request&, httplib::Response& res) {
      res.set_header("Allow", "POST");
      send_json(res, ApiResponse{405, {{"error", fmt::format("{} takes POST", path)}}});
    });
  }
  for (const char* path : {"/api/health", "/api/rulesets"}) {
    http.Post(path, [path = std::string(path)](const httplib::Request&, httplib::Response& res) {
      res.set_header("Allow", "GET");
      send_json(res, ApiResponse{405, {{"error", fmt::format("{} takes GET", path)}}});
    });
  }

  http.Get(R"(/.*)", [](const httplib::Request& req, httplib::Response& res) {
    const StaticFile* file = find_static_file(req.path);
    if (file == nullptr) {
      send_json(res, ApiResponse{404, {{"error", fmt::format("no such path \"{}\"", req.path)}}});
      return;
    }
    res.set_content(file->body.data(), file->body.size(), std::string(file->content_type).c_str());
    res.set_header("Cache-Control", "no-cache");
  });

  // Every refusal is JSON, including those httplib makes itself (404 for an unrouted method,
  // 413 for an oversized body, 400 for a malformed request).
  const std::size_t max_body = options_.api.max_body_bytes;
  http.set_error_handler(httplib::Server::HandlerWithResponse(
      [max_body](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        std::string message = std::string(reason(res.status));
        if (res.status == 413) {
          message = fmt::format("request body too large: the limit is {} bytes", max_body);
        } else if (res.status == 404) {
          message = fmt::format("no such path \"{} {}\"", req.method, req.path);
        }
        send_json(res, ApiResponse{res.status, {{"error", message}}});
        return httplib::Server::HandlerResponse::Handled;
      }));
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        send_json(res, ApiResponse{500, {{"error", "internal error"}}});
      });

  if (options_.log) {
    auto mutex = std::make_shared<std::mutex>();
    http.set_logger([log = options_.log, mutex](const httplib::Request& req,
                                                const httplib::Response& res) {
      std::string elapsed = "-";
      if (request_start) {
        const auto us =
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - *request_start);
        elapsed = fmt::format("{:.1f}ms", static_cast<double>(us.count()) / 1000.0);
        request_start.reset();
      }
      const std::string line =
          fmt::format("{} {} {} {}", req.method, req.path, res.status, elapsed);
      const std::lock_guard lock(*mutex);
      log(line);
    });
  }
}

const StaticFile* find_static_file(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (const StaticFile& file : static_files()) {
    if (file.path == path) return &file;
  }
  return nullptr;
}

}  // namespace nimkit::server
