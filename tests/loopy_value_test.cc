// The generalized value type: its text in both forms and back, the sum rule, the outcome a value
// decides, and the refusals of text that is not a value.
#include "nimkit/loopy_value.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace {

using nimkit::LoopyValue;
using nimkit::Nimber;
using nimkit::Outcome;

LoopyValue inf(std::vector<Nimber> k) { return LoopyValue::infinite(std::move(k)); }
LoopyValue fin(Nimber n) { return LoopyValue::finite(n); }

TEST(LoopyValue, IsWrittenInBothFormsAndReadBack) {
  EXPECT_EQ(to_string(fin(3)), "3");
  EXPECT_EQ(to_string(inf({})), "∞");
  EXPECT_EQ(to_string(inf({2, 0, 2})), "∞{0,2}");
  EXPECT_EQ(to_ascii(inf({2, 0})), "inf{0,2}");
  EXPECT_EQ(to_ascii(inf({})), "inf");
  EXPECT_EQ(to_ascii(fin(0)), "0");
  for (const LoopyValue& v : {fin(0), fin(7), fin(~Nimber{0}), inf({}), inf({0}), inf({1, 5, 9})}) {
    auto text = nimkit::parse_loopy_value(to_string(v));
    ASSERT_TRUE(text.ok()) << to_string(v) << ": " << text.error();
    EXPECT_EQ(*text, v);
    auto ascii = nimkit::parse_loopy_value(to_ascii(v));
    ASSERT_TRUE(ascii.ok()) << to_ascii(v) << ": " << ascii.error();
    EXPECT_EQ(*ascii, v);
  }
  // People's spellings: spaces, upper case, repeats and any order.
  EXPECT_EQ(*nimkit::parse_loopy_value(" INF{ 2, 0 ,2 } "), inf({0, 2}));
  EXPECT_EQ(*nimkit::parse_loopy_value("∞{}"), inf({}));
  EXPECT_EQ(*nimkit::parse_loopy_value("Inf"), inf({}));
}

TEST(LoopyValue, RefusesTextThatIsNoValueNamingIt) {
  for (const std::string text : {"", "x", "-1", "inf{", "inf}", "∞{a}", "inf{0,,1}", "infinity",
                                 "inf{0}x", "3x", "340282366920938463463374607431768211456"}) {
    auto v = nimkit::parse_loopy_value(text);
    ASSERT_FALSE(v.ok()) << text;
    EXPECT_NE(v.error().find("\"" + text + "\""), std::string::npos) << v.error();
    EXPECT_EQ(v.error().find('\n'), std::string::npos);
  }
}

TEST(LoopyValue, OutcomeOfAValue) {
  EXPECT_EQ(fin(0).outcome(), Outcome::kSecond);
  EXPECT_EQ(fin(5).outcome(), Outcome::kFirst);
  EXPECT_EQ(inf({}).outcome(), Outcome::kDraw);
  EXPECT_EQ(inf({1, 2}).outcome(), Outcome::kDraw);
  EXPECT_EQ(inf({0}).outcome(), Outcome::kFirst);
  EXPECT_EQ(inf({0, 3}).outcome(), Outcome::kFirst);
  EXPECT_EQ(to_string(Outcome::kDraw), "draw");
  EXPECT_EQ(to_string(Outcome::kFirst), "first");
  EXPECT_EQ(to_string(Outcome::kSecond), "second");
}

TEST(LoopyValue, SumRule) {
  EXPECT_EQ(fin(5) ^ fin(3), fin(6));
  EXPECT_EQ(fin(3) ^ inf({0, 2}), inf({3, 1}));
  EXPECT_EQ(inf({0, 2}) ^ fin(2), inf({2, 0}));
  EXPECT_EQ(inf({0}) ^ inf({0}), inf({}));
  EXPECT_EQ(inf({}) ^ fin(0), inf({}));
  // Commutative and associative, with 0 its identity, on random values.
  std::mt19937_64 rng(11);
  const auto random_value = [&] {
    if (rng() % 3 == 0) return fin(rng() % 8);
    std::vector<Nimber> k;
    for (int i = 0; i < 3; ++i) {
      if (rng() % 2) k.push_back(rng() % 8);
    }
    return inf(k);
  };
  for (int trial = 0; trial < 500; ++trial) {
    const LoopyValue a = random_value(), b = random_value(), c = random_value();
    EXPECT_EQ(a ^ b, b ^ a);
    EXPECT_EQ((a ^ b) ^ c, a ^ (b ^ c));
    EXPECT_EQ(a ^ fin(0), a);
  }
}

}  // namespace
