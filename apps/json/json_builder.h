// JsonWriter's interface (json_writer.h) building an nlohmann::json object instead of text: the
// code that writes a component or a move's fields once serves both the batch's lean writer and
// the server's answers, with no text written and parsed back in between.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "json.h"
#include "nimkit/nimber.h"

namespace nimkit::contract {

class JsonBuilder {
 public:
  // Builds into `root`, which must be null.
  explicit JsonBuilder(nlohmann::json& root) : root_(root) {}

  void begin_object() { open(nlohmann::json::object()); }
  void end_object() { open_.pop_back(); }
  void begin_array() { open(nlohmann::json::array()); }
  void end_array() { open_.pop_back(); }
  void key(std::string_view name) { key_ = name; }
  void string(std::string_view text) { value(std::string(text)); }
  void number(std::uint64_t v) { value(v); }
  void nimber(Nimber v) { value(nimber_json(v)); }
  void null() { value(nullptr); }

 private:
  // The slot the next value goes to: the root, the next element of the open array, or the open
  // object's member under the last key.
  nlohmann::json& slot() {
    if (open_.empty()) return root_;
    nlohmann::json& parent = *open_.back();
    if (parent.is_array()) return parent.emplace_back();
    return parent[key_];
  }
  void value(nlohmann::json v) { slot() = std::move(v); }
  void open(nlohmann::json empty) {
    nlohmann::json& at = slot();
    at = std::move(empty);
    open_.push_back(&at);
  }

  nlohmann::json& root_;
  std::vector<nlohmann::json*> open_;  // containers being filled; elements never move once built
  std::string key_;
};

}  // namespace nimkit::contract
