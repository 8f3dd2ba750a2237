#include "nimkit/nim_arithmetic.h"

#include <fmt/format.h>

#include <array>
#include <bit>
#include <cassert>
#include <cctype>
#include <optional>

#include "nimkit/quote.h"

namespace nimkit {
namespace {

// x ⊗ y for x, y < 2^(2^level), by the Fermat 2-power F = 2^(2^(level-1)): with x = aF ⊕ b and
// y = cF ⊕ d (a, b, c, d < F), x ⊗ y = (ad ⊕ bc ⊕ ac)F ⊕ bd ⊕ ac ⊗ F/2, since F ⊗ F = F ⊕ F/2;
// three half-size products (Karatsuba: ad ⊕ bc = (a ⊕ b)(c ⊕ d) ⊕ ac ⊕ bd).
std::uint64_t product(std::uint64_t x, std::uint64_t y, int level, bool bytes_known = true);

// The products of bytes (the field of order 256), by the same recursion, built once.
struct ByteProducts {
  std::array<std::array<std::uint8_t, 256>, 256> table{};
  ByteProducts() {
    for (std::uint64_t x = 0; x < 256; ++x) {
      for (std::uint64_t y = 0; y < 256; ++y) {
        table[x][y] = static_cast<std::uint8_t>(product(x, y, 3, false));
      }
    }
  }
};

// `bytes_known`: whether the byte table may be read (false while it is being built).
std::uint64_t product(std::uint64_t x, std::uint64_t y, int level, bool bytes_known) {
  if (x <= 1 || y <= 1) return x * y;
  if (level == 3 && bytes_known) {
    static const ByteProducts bytes;
    return bytes.table[x][y];
  }
  if (level == 0) return x & y;
  const int half = 1 << (level - 1);
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  const std::uint64_t a = x >> half;
  const std::uint64_t b = x & mask;
  const std::uint64_t c = y >> half;
  const std::uint64_t d = y & mask;
  const std::uint64_t ac = product(a, c, level - 1, bytes_known);
  const std::uint64_t bd = product(b, d, level - 1, bytes_known);
  // ad ⊕ bc ⊕ ac
  const std::uint64_t cross = product(a ^ b, c ^ d, level - 1, bytes_known) ^ bd;
  return (cross << half) ^ bd ^ product(ac, std::uint64_t{1} << (half - 1), level - 1, bytes_known);
}

}  // namespace

std::uint64_t nim_sum(std::uint64_t x, std::uint64_t y) { return x ^ y; }

std::uint64_t nim_product(std::uint64_t x, std::uint64_t y) { return product(x, y, 6); }

std::uint64_t nim_power(std::uint64_t x, std::uint64_t n) {
  std::uint64_t result = 1;
  while (n != 0) {
    if ((n & 1) != 0) result = nim_product(result, x);
    x = nim_product(x, x);
    n >>= 1;
  }
  return result;
}

std::uint64_t nim_inverse(std::uint64_t x) {
  assert(x != 0);
  return nim_power(x, ~std::uint64_t{0} - 1);  // x^(2^64 - 2)
}

std::uint64_t nim_divide(std::uint64_t x, std::uint64_t y) {
  return nim_product(x, nim_inverse(y));
}

namespace {

constexpr std::uint64_t kMax = ~std::uint64_t{0};

// Recursive descent over the text: sum := product ('+' product)*; product := power (('*' | '/')
// power)*; power := atom ('^' NUMBER)*; atom := NUMBER | '(' sum ')'. Each '(' costs a few stack
// frames, so the nesting is bounded (kMaxNimExpressionDepth) before the stack is.
class Parser {
 public:
  Parser(std::string_view text, std::vector<NimProduct>* products)
      : text_(text), products_(products) {}

  Result<std::uint64_t> parse() {
    skip_space();
    if (at_end()) return fail("empty expression: expected a number such as \"2*3\"");
    auto value = sum();
    if (!value) return value;
    if (!at_end()) return unexpected();
    return value;
  }

 private:
  bool at_end() const { return pos_ == text_.size(); }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(text_[pos_])) != 0) ++pos_;
  }
  bool accept(char c) {
    if (at_end() || text_[pos_] != c) return false;
    ++pos_;
    skip_space();
    return true;
  }
  Error unexpected() const {
    if (at_end()) return fail("unexpected end of expression: expected a number or \"(\"");
    // A whole word, or one character (UTF-8: not a byte of it).
    const auto word = [&](std::size_t i) {
      return std::isalnum(static_cast<unsigned char>(text_[i])) != 0;
    };
    const auto continuation = [&](std::size_t i) {
      return (static_cast<unsigned char>(text_[i]) & 0xC0) == 0x80;
    };
    std::size_t end = pos_ + 1;
    const bool in_word = word(pos_);
    while (end < text_.size() && (in_word ? word(end) : continuation(end))) ++end;
    return fail(fmt::format("unexpected {} at position {}", quoted(text_.substr(pos_, end - pos_)),
                            pos_ + 1));
  }

  Result<std::uint64_t> number(std::string_view what) {
    const std::size_t start = pos_;
    while (!at_end() && std::isdigit(static_cast<unsigned char>(text_[pos_])) != 0) ++pos_;
    if (pos_ == start) return unexpected();
    const std::string_view digits = text_.substr(start, pos_ - start);
    std::uint64_t value = 0;
    for (char c : digits) {
      const auto digit = static_cast<std::uint64_t>(c - '0');
      if (value > (kMax - digit) / 10) {
        return fail(fmt::format("{} {} at position {} is larger than {}", what, quoted(digits),
                                start + 1, kMax));
      }
      value = value * 10 + digit;
    }
    skip_space();
    return value;
  }

  Result<std::uint64_t> atom() {
    if (at_end() || text_[pos_] != '(') return number("number");
    if (depth_ == kMaxNimExpressionDepth) {
      return fail(fmt::format("\"(\" at position {} nests deeper than the limit of {} parentheses",
                              pos_ + 1, kMaxNimExpressionDepth));
    }
    accept('(');
    const std::size_t open = pos_;
    ++depth_;
    auto value = sum();
    --depth_;
    if (!value) return value;
    if (!accept(')')) {
      if (at_end()) return fail(fmt::format("unclosed \"(\" before position {}", open));
      return unexpected();
    }
    return value;
  }

  Result<std::uint64_t> power() {
    auto base = atom();
    if (!base) return base;
    // A plain accumulator: assigning values into a Result in the loop trips a false
    // maybe-uninitialized warning of GCC 12 under the sanitizers.
    std::uint64_t value = *base;
    while (accept('^')) {
      if (at_end() || std::isdigit(static_cast<unsigned char>(text_[pos_])) == 0) {
        if (at_end()) return unexpected();
        return fail(fmt::format("{}: the exponent at position {} must be a plain integer ≥ 0",
                                unexpected().message, pos_ + 1));
      }
      auto exponent = number("exponent");
      if (!exponent) return exponent;
      value = nim_power(value, *exponent);
    }
    return value;
  }

  Result<std::uint64_t> product() {
    auto first = power();
    if (!first) return first;
    std::uint64_t value = *first;
    while (!at_end() && (text_[pos_] == '*' || text_[pos_] == '/')) {
      const char op = text_[pos_];
      accept(op);
      const std::size_t at = pos_;
      auto right = power();
      if (!right) return right;
      if (op == '*') {
        if (products_ != nullptr) products_->push_back(NimProduct{value, *right});
        value = nim_product(value, *right);
      } else {
        if (*right == 0) {
          return fail(fmt::format("division by 0: the divisor at position {} is 0", at + 1));
        }
        value = nim_divide(value, *right);
      }
    }
    return value;
  }

  Result<std::uint64_t> sum() {
    auto first = product();
    if (!first) return first;
    std::uint64_t value = *first;
    while (accept('+')) {
      auto right = product();
      if (!right) return right;
      value = nim_sum(value, *right);
    }
    return value;
  }

  std::string_view text_;
  std::vector<NimProduct>* products_;
  std::size_t pos_ = 0;
  std::size_t depth_ = 0;  // the parentheses open around pos_
};

// The Fermat 2-powers whose (ordinary) product is 2^i: F_k = 2^(2^k) for the bits k of i.
std::vector<std::uint64_t> fermat_factors(unsigned i) {
  std::vector<std::uint64_t> out;
  for (unsigned k = 0; k < 6; ++k) {
    if ((i >> k & 1U) != 0) out.push_back(std::uint64_t{1} << (1U << k));
  }
  return out;
}

std::string joined(const std::vector<std::uint64_t>& values, std::string_view sep) {
  return fmt::format("{}", fmt::join(values, sep));
}

std::vector<unsigned> bits_of(std::uint64_t x) {
  std::vector<unsigned> out;
  for (unsigned i = 64; i-- > 0;) {
    if ((x >> i & 1U) != 0) out.push_back(i);
  }
  return out;
}

// One line: 2^i ⊗ 2^j and why.
std::string explain_powers(unsigned i, unsigned j) {
  const std::uint64_t a = std::uint64_t{1} << i;
  const std::uint64_t b = std::uint64_t{1} << j;
  const std::uint64_t value = nim_product(a, b);
  if (a == 1 || b == 1) return fmt::format("{} ⊗ {} = {}: 1 is the unit", a, b, value);
  const auto as_fermat = [](unsigned e) {
    const std::uint64_t p = std::uint64_t{1} << e;
    return std::popcount(e) == 1 ? std::to_string(p)
                                 : fmt::format("{} = {}", p, joined(fermat_factors(e), " ⊗ "));
  };
  if ((i & j) == 0) {
    return fmt::format("{} ⊗ {} = {}: {} and {} share no Fermat 2-power, an ordinary product", a, b,
                       value, as_fermat(i), as_fermat(j));
  }
  if (i == j && std::popcount(i) == 1) {
    return fmt::format("{} ⊗ {} = {}: {} is a Fermat 2-power F = {} and F ⊗ F = 3F/2", a, b, value,
                       a, a);
  }
  const std::vector<std::uint64_t> shared = fermat_factors(i & j);
  std::vector<std::uint64_t> squares;
  for (std::uint64_t f : shared) squares.push_back(f + f / 2);
  const std::uint64_t rest = std::uint64_t{1} << (i ^ j);
  std::string factors = joined(squares, " ⊗ ");
  if (rest != 1) factors = fmt::format("{} ⊗ {}", rest, factors);
  return fmt::format(
      "{} ⊗ {} = {}: {} and {} share the Fermat 2-power{} {}, each F ⊗ F = 3F/2, so {} ⊗ {} = {} = "
      "{}",
      a, b, value, as_fermat(i), as_fermat(j), shared.size() == 1 ? "" : "s", joined(shared, ", "),
      a, b, factors, value);
}

}  // namespace

Result<std::uint64_t> evaluate_nim_expression(std::string_view text) {
  return Parser(text, nullptr).parse();
}

Result<std::vector<NimProduct>> nim_expression_products(std::string_view text) {
  std::vector<NimProduct> products;
  auto value = Parser(text, &products).parse();
  if (!value) return Error{value.error()};
  return products;
}

std::vector<std::string> explain_nim_product(std::uint64_t x, std::uint64_t y,
                                             std::size_t max_terms) {
  const auto expansion = [](std::uint64_t v) {
    std::vector<std::uint64_t> powers;
    for (unsigned i : bits_of(v)) powers.push_back(std::uint64_t{1} << i);
    return powers.size() <= 1 ? std::to_string(v)
                              : fmt::format("{} = {}", v, joined(powers, " ⊕ "));
  };
  std::vector<std::string> lines;
  lines.push_back(
      fmt::format("{} ⊗ {}: in powers of 2, {} and {}", x, y, expansion(x), expansion(y)));
  std::vector<std::uint64_t> terms;
  std::uint64_t unlisted = 0;
  std::size_t unlisted_count = 0;
  for (unsigned i : bits_of(x)) {
    for (unsigned j : bits_of(y)) {
      const std::uint64_t term = nim_product(std::uint64_t{1} << i, std::uint64_t{1} << j);
      terms.push_back(term);
      if (terms.size() <= max_terms) {
        lines.push_back("  " + explain_powers(i, j));
      } else {
        unlisted ^= term;
        ++unlisted_count;
      }
    }
  }
  if (unlisted_count > 0) {
    lines.push_back(fmt::format("  ... {} more products of powers of 2, their nim-sum {}",
                                unlisted_count, unlisted));
  }
  const std::uint64_t value = nim_product(x, y);
  if (terms.size() > 1 && terms.size() <= max_terms) {
    lines.push_back(fmt::format("{} ⊗ {} = {} = {}", x, y, joined(terms, " ⊕ "), value));
  } else {
    lines.push_back(fmt::format("{} ⊗ {} = {}", x, y, value));
  }
  return lines;
}

}  // namespace nimkit
