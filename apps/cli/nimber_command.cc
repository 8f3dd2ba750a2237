// nimkit nimber EXPR: evaluates an expression of nim arithmetic (nim_arithmetic.h) and, with
// --explain, works out each product it takes by Fermat 2-powers.
#include <fmt/format.h>

#include <string>

#include "commands.h"
#include "common.h"
#include "json.h"
#include "nimkit/nim_arithmetic.h"

namespace nimkit::cli {
namespace {

struct NimberOptions {
  std::string expression;
  bool json = false;
  bool explain = false;
};

// The products explained, at most; an expression of more says how many were left out.
constexpr std::size_t kExplainedProducts = 8;

int run_nimber(const NimberOptions& options) {
  auto value = evaluate_nim_expression(options.expression);
  if (!value) return report(value.failure());
  if (options.json) {
    fmt::print("{}\n", contract::dump_json(
                           nlohmann::json{{"expression", options.expression}, {"value", *value}}));
    return 0;
  }
  if (options.explain) {
    auto products = nim_expression_products(options.expression);
    if (!products) return report(products.failure());
    for (std::size_t i = 0; i < products->size() && i < kExplainedProducts; ++i) {
      for (const std::string& line : explain_nim_product((*products)[i].x, (*products)[i].y)) {
        fmt::print("{}\n", line);
      }
    }
    if (products->size() > kExplainedProducts) {
      fmt::print("({} more products not shown)\n", products->size() - kExplainedProducts);
    }
    if (products->empty()) fmt::print("no products: + is the nim-sum, XOR\n");
    fmt::print("value: {}\n", *value);
    return 0;
  }
  fmt::print("{}\n", *value);
  return 0;
}

}  // namespace

void add_nimber_command(CLI::App& app, int& status) {
  auto [command, options] = add_command<NimberOptions>(
      app, "nimber",
      "Nim arithmetic: + nim-sum, * nim-product, / division, ^ power, e.g. nimber \"2*3\"", status,
      run_nimber);
  command->add_option("EXPR", options->expression, "the expression, e.g. \"(3+5)*7^2\"")
      ->required();
  command->add_flag("--json", options->json, "print {\"expression\", \"value\"} as JSON");
  command->add_flag("--explain", options->explain,
                    "work out each product by Fermat 2-powers (F ⊗ F = 3F/2)");
}

}  // namespace nimkit::cli
