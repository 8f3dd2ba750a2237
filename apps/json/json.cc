#include "json.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
#include <type_traits>

#include "json_builder.h"
#include "json_writer.h"
#include "nimkit/notation.h"
#include "nimkit/quote.h"
#include "nimkit/registry.h"

namespace nimkit::contract {
namespace {

std::uint64_t digits(std::uint64_t v) {
  std::uint64_t n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

std::uint64_t string_size(const std::string& text) {
  // Invalid UTF-8 is replaced by U+FFFD (three bytes) per bad byte at most.
  const bool valid = valid_utf8(text);
  std::uint64_t n = 2;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
      n += 2;
    } else if (c < 0x20) {
      n += 6;  // \u00XX
    } else {
      n += !valid && c >= 0x80 ? 3 : 1;
    }
  }
  return n;
}

// {"heaps": [3], "spent": [0]}: the view's fields in key order, a name given twice holding what
// add_fields() leaves under it (lists joined, a scalar replacing what came before).
template <typename Writer>
void write_fields(Writer& out, const std::vector<ViewField>& fields) {
  // By name, in their order within a name: an insertion sort, as views have a few fields (on the
  // stack for up to kFew).
  constexpr std::size_t kFew = 8;
  std::array<const ViewField*, kFew> few{};
  std::vector<const ViewField*> many(fields.size() > kFew ? fields.size() : 0);
  const std::span<const ViewField*> sorted =
      fields.size() > kFew ? std::span<const ViewField*>(many)
                           : std::span<const ViewField*>(few.data(), fields.size());
  for (std::size_t k = 0; k < fields.size(); ++k) {
    std::size_t at = k;
    for (; at > 0 && fields[k].name < sorted[at - 1]->name; --at) sorted[at] = sorted[at - 1];
    sorted[at] = &fields[k];
  }
  out.begin_object();
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t end = i + 1;
    while (end < sorted.size() && sorted[end]->name == sorted[i]->name) ++end;
    // The last scalar of the name, and the lists after it, decide its value.
    std::size_t from = i;
    for (std::size_t k = i; k < end; ++k) {
      if (sorted[k]->scalar) from = k;
    }
    out.key(sorted[i]->name);
    if (sorted[from]->scalar && from == end - 1) {
      const ViewField& f = *sorted[from];
      out.number(f.values.empty() ? 0 : f.values.front());
    } else {
      out.begin_array();
      for (std::size_t k = sorted[from]->scalar ? from + 1 : from; k < end; ++k) {
        for (const std::uint64_t v : sorted[k]->values) out.number(v);
      }
      out.end_array();
    }
    i = end;
  }
  out.end_object();
}

bool has_heaps(const std::vector<ViewField>& fields) {
  return std::any_of(fields.begin(), fields.end(),
                     [](const ViewField& f) { return f.name == "heaps"; });
}

// Whether the component is made of heaps (drawn as stones, pins, a queen...): its view fields
// hold "heaps", the sizes a move's "result" lists.
bool has_heaps(const Component& c) { return has_heaps(c.rules->view_fields(c.state)); }

// Appends the "heaps" of `fields` to `heaps`.
void append_heaps(nlohmann::json& heaps, const std::vector<ViewField>& fields) {
  for (const ViewField& f : fields) {
    if (f.name != "heaps") continue;
    for (const std::uint64_t v : f.values) heaps.push_back(v);
  }
}

}  // namespace

std::uint64_t json_size(const nlohmann::json& j) {
  using Type = nlohmann::json::value_t;
  switch (j.type()) {
    case Type::object: {
      std::uint64_t n = 2 + (j.empty() ? 0 : j.size() - 1);
      for (const auto& [key, value] : j.items()) n += string_size(key) + 1 + json_size(value);
      return n;
    }
    case Type::array: {
      std::uint64_t n = 2 + (j.empty() ? 0 : j.size() - 1);
      for (const nlohmann::json& value : j) n += json_size(value);
      return n;
    }
    case Type::string:
      return string_size(j.get_ref<const std::string&>());
    case Type::boolean:
      return j.get<bool>() ? 4 : 5;
    case Type::number_unsigned:
      return digits(j.get<std::uint64_t>());
    case Type::number_integer: {
      const std::int64_t v = j.get<std::int64_t>();
      return v < 0 ? 1 + digits(0 - static_cast<std::uint64_t>(v))
                   : digits(static_cast<std::uint64_t>(v));
    }
    case Type::number_float:
    case Type::binary:
      return dump_json(j).size();
    case Type::null:
    case Type::discarded:
      return 4;
  }
  return 4;
}

bool AnswerBudget::charge(std::uint64_t bytes) {
  used_ += bytes;
  if (room_ != 0 && used_ > room_) over_ = true;
  return work(bytes) && !over_;
}

bool AnswerBudget::work(std::uint64_t bytes) {
  return !meter_ || meter_->charge(bytes / kBytesPerStep + 1);
}

std::string AnswerBudget::stopped() const { return stop_error().message; }

Error AnswerBudget::stop_error() const {
  if (over_) {
    return fail_limit(fmt::format("the answer is larger than the limit of {} bytes", max_bytes_));
  }
  return Limits{.meter = meter_}.stop_error();
}

nlohmann::json nimber_json(Nimber value) {
  if (value <= ~std::uint64_t{0}) return static_cast<std::uint64_t>(value);
  return to_string(value);
}

nlohmann::json move_json(const Position& before, const Move& move) {
  const auto& components = before.components();
  const Component& c = components[move.component];
  // The view's fields, as a component's are written (write_fields).
  nlohmann::json j;
  JsonBuilder builder(j);
  write_fields(builder,
               c.rules->move_fields(c.state, move.option, before.first_item(move.component)));
  // Only a heap component's move lists the heaps it leaves ("result"): the components the move
  // leaves alone are read in place, never copied (one may hold a whole graph).
  if (has_heaps(c)) {
    nlohmann::json heaps = nlohmann::json::array();
    for (std::size_t i = 0; i < components.size(); ++i) {
      if (i != move.component) {
        append_heaps(heaps, components[i].rules->view_fields(components[i].state));
        continue;
      }
      for (const State& s : move.option.result) append_heaps(heaps, c.rules->view_fields(s));
    }
    j["result"] = std::move(heaps);
  }
  j["component"] = move.component;
  j["move"] = format_move(before, move);
  j["description"] = describe(before, move);
  j["position"] = format_position_after(before, move);
  return j;
}

namespace {

// A value as "grundy" holds it: a finite one as a number (nimber()), an infinite one as its text,
// "∞{0,2}".
template <typename Writer>
void write_value(Writer& out, const LoopyValue& value) {
  if (value.is_finite()) {
    out.nimber(value.nimber());
  } else {
    out.string(to_string(value));
  }
}

// A component's last keys, in key order (write_component).
template <typename Writer>
void write_ruleset_keys(Writer& out, const Ruleset& rules, const std::string& spec) {
  out.key("rules");
  out.string(spec);
  out.key("title");
  out.string(ruleset_title(rules));
  out.key("view");
  out.string(rules.view());
}

// {"fields", "grundy", "items", "label", "rules", "title", "view"} of component `c`, in key order:
// the last three from `texts` (the lean writer copies their text; the builder, which keeps its
// keys sorted, is given them one by one).
template <typename Writer>
void write_component(Writer& out, const Position& position, std::size_t c,
                     const std::optional<LoopyValue>& value, const RulesetTexts::Texts& texts) {
  const Component& comp = position.components()[c];
  out.begin_object();
  out.key("fields");
  write_fields(out, comp.rules->view_fields(comp.state));
  if (value) {
    out.key("grundy");
    write_value(out, *value);
  }
  out.key("items");
  out.begin_array();
  for (const std::string& item : comp.rules->format_state(comp.state)) out.string(item);
  out.end_array();
  out.key("label");
  out.string(comp.rules->label(comp.state, position.first_item(c)));
  if constexpr (std::is_same_v<Writer, JsonWriter>) {
    out.raw(texts.fields);
  } else {
    write_ruleset_keys(out, *comp.rules, texts.spec);
  }
  out.end_object();
}

RulesetTexts::Texts texts_of(const Ruleset& rules) {
  RulesetTexts::Texts texts{rules.spec(), {}};
  JsonWriter out(texts.fields);
  write_ruleset_keys(out, rules, texts.spec);
  return texts;
}

}  // namespace

const RulesetTexts::Texts& RulesetTexts::of(const std::shared_ptr<const Ruleset>& rules) {
  for (const auto& [seen, texts] : seen_) {
    if (seen == rules) return texts;
  }
  if (seen_.size() == kMaxRulesets) seen_.clear();
  seen_.emplace_back(rules, texts_of(*rules));
  return seen_.back().second;
}

nlohmann::json component_json(const Position& position, std::size_t c,
                              const std::optional<LoopyValue>& value) {
  // By the code that writes a batch's lines.
  const Ruleset& rules = *position.components()[c].rules;
  nlohmann::json j;
  JsonBuilder out(j);
  write_component(out, position, c, value, RulesetTexts::Texts{rules.spec(), {}});
  return j;
}

nlohmann::json explanation_json(const Explanation& e) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Explanation::Row& row : e.rows) {
    rows.push_back({{"label", row.label},
                    {"value", nimber_json(row.value)},
                    {"binary", row.binary},
                    {"rules", row.rules},
                    {"reason", row.reason}});
  }
  nlohmann::json j = {{"heading", e.heading},
                      {"rows", rows},
                      {"width", e.width},
                      {"total", nimber_json(e.total)},
                      {"total_binary", e.total_binary},
                      {"columns", e.columns},
                      {"lines", e.lines},
                      {"component_moves", e.component_moves},
                      {"winning_moves", e.winning_moves}};
  if (e.mex) {
    nlohmann::json values = nlohmann::json::array();
    for (Nimber v : e.mex->option_values) values.push_back(nimber_json(v));
    j["mex"] = {
        {"label", e.mex->label}, {"option_values", values}, {"value", nimber_json(e.mex->value)}};
  }
  return j;
}

namespace {

// Component c's value as an analysis knows it: its Grundy value, its generalized value when one
// of the position's is infinite, or none.
std::optional<LoopyValue> component_value(const Analysis& analysis, std::size_t c,
                                          std::size_t components) {
  if (analysis.loopy_value && analysis.loopy_values.size() == components) {
    return analysis.loopy_values[c];
  }
  if (analysis.grundy && analysis.values.size() == components) {
    return LoopyValue::finite(analysis.values[c]);
  }
  return std::nullopt;
}

}  // namespace

nlohmann::json analysis_json(const Position& position, const Analysis& analysis) {
  AnswerBudget unlimited(0, nullptr);
  return std::move(analysis_json(position, analysis, unlimited).value());
}

Result<nlohmann::json> analysis_json(const Position& position, const Analysis& analysis,
                                     AnswerBudget& budget) {
  // Piece by piece, each charged before the next is made: the position's fields and text, each
  // component, the explanation, then as many winning moves as the budget has room for.
  nlohmann::json j;
  j["contract"] = kContractVersion;
  const Ruleset* single = position.single_ruleset();
  j["rules"] = single ? single->spec() : "sum";
  j["title"] = single ? ruleset_title(*single) : "Sum of games";
  j["convention"] = std::string(to_string(analysis.convention));
  j["position"] = format_position(position);
  if (!budget.charge(j["position"])) return budget.stop_error();
  if (analysis.grundy) j["grundy"] = nimber_json(*analysis.grundy);
  if (analysis.loopy_value) j["grundy"] = to_string(*analysis.loopy_value);
  j["winner"] = std::string(to_string(analysis.winner));
  // null when the winning moves could not be counted within the limits (never a partial count).
  j["winning_move_count"] =
      analysis.winning_move_count ? nimber_json(*analysis.winning_move_count) : nlohmann::json();
  j["method"] = std::string(to_string(analysis.method));
  if (analysis.remoteness) j["remoteness"] = *analysis.remoteness;
  nlohmann::json components = nlohmann::json::array();
  for (std::size_t c = 0; c < position.components().size(); ++c) {
    nlohmann::json part =
        component_json(position, c, component_value(analysis, c, position.components().size()));
    if (!budget.charge(part)) return budget.stop_error();
    components.push_back(std::move(part));
  }
  j["components"] = std::move(components);
  Limits explaining;
  explaining.meter = budget.meter();
  nlohmann::json explained = explanation_json(explanation(position, analysis, explaining));
  if (!budget.charge(explained)) return budget.stop_error();
  j["explanation"] = std::move(explained);
  std::string unlisted = analysis.moves_unlisted;
  nlohmann::json moves = nlohmann::json::array();
  for (const Move& m : analysis.winning_moves) {
    nlohmann::json move = move_json(position, m);
    const std::uint64_t size = json_size(move);
    if (!budget.fits(size)) {
      if (!budget.work(size)) return budget.stop_error();
      unlisted =
          fmt::format("listing more would pass the answer's limit of {} bytes", budget.max_bytes());
      break;
    }
    if (!budget.charge(size)) return budget.stop_error();
    moves.push_back(std::move(move));
  }
  // Every list shorter than the count says why: a limit of work or of the answer's size (above),
  // or the analysis listing at most so many (Limits::max_listed_moves).
  const std::optional<Count>& count = analysis.winning_move_count;
  if (unlisted.empty() && count && Count{moves.size()} < *count) {
    unlisted = fmt::format("{} more are counted but not listed: the analysis lists at most {}",
                           to_string(*count - Count{moves.size()}), moves.size());
  }
  j["winning_moves"] = std::move(moves);
  if (!unlisted.empty()) j["winning_moves_unlisted"] = unlisted;
  if (analysis.finite_win_move) {
    nlohmann::json move = move_json(position, *analysis.finite_win_move);
    if (!budget.charge(move)) return budget.stop_error();
    j["finite_win_move"] = std::move(move);
  }
  if (analysis.winner == Outcome::kDraw) {
    nlohmann::json drawing = nlohmann::json::array();
    for (const Move& m : analysis.drawing_moves) {
      nlohmann::json move = move_json(position, m);
      if (!budget.charge(move)) return budget.stop_error();
      drawing.push_back(std::move(move));
    }
    j["drawing_moves"] = std::move(drawing);
  }
  return j;
}

void append_batch_line(std::string& out, std::uint64_t line, Convention convention,
                       const BriefAnalysis& brief, RulesetTexts& texts) {
  const Position& position = brief.position;
  const auto& components = position.components();
  const bool valued = brief.grundy && brief.values.size() == components.size();
  const bool loopy = brief.loopy_value && brief.loopy_values.size() == components.size();
  JsonWriter j(out);
  j.begin_object();
  j.key("components");
  j.begin_array();
  for (std::size_t c = 0; c < components.size(); ++c) {
    std::optional<LoopyValue> value;
    if (valued) value = LoopyValue::finite(brief.values[c]);
    if (loopy) value = brief.loopy_values[c];
    write_component(j, position, c, value, texts.of(components[c].rules));
  }
  j.end_array();
  j.key("contract");
  j.number(kContractVersion);
  j.key("convention");
  j.string(to_string(convention));
  j.key("grundy");
  if (brief.grundy) {
    j.nimber(*brief.grundy);
  } else if (brief.loopy_value) {
    write_value(j, *brief.loopy_value);
  } else {
    j.null();
  }
  j.key("line");
  j.number(line);
  j.key("move");
  if (brief.first_winning_move.empty()) {
    j.null();
  } else {
    j.string(brief.first_winning_move);
  }
  j.key("position");
  j.string(format_position(position));
  j.key("rules");
  const Ruleset* single = position.single_ruleset();
  j.string(single ? texts.of(components.front().rules).spec : std::string("sum"));
  j.key("winner");
  j.string(to_string(brief.winner));
  j.end_object();
}

nlohmann::json batch_error_json(std::uint64_t line, std::string_view message) {
  return {{"line", line}, {"contract", kContractVersion}, {"error", message}};
}

}  // namespace nimkit::contract
