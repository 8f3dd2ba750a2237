// The one sanitizer for user text quoted in messages and logs, and the "did you mean" of a
// mistyped name.
#include "nimkit/quote.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nimkit/text.h"

namespace {

using nimkit::quoted;
using nimkit::sanitize;

// Whether `text` is valid UTF-8 with no control characters: what every message must be.
bool printable_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) return false;
    std::size_t n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

TEST(Sanitize, PlainTextPassesUnchanged) {
  EXPECT_EQ(sanitize("3x"), "3x");
  EXPECT_EQ(sanitize("kayles:7 dawson:12"), "kayles:7 dawson:12");
  EXPECT_EQ(sanitize("octal:0.é"), "octal:0.é");  // valid UTF-8 is kept
  EXPECT_EQ(quoted("3x"), "\"3x\"");
}

TEST(Sanitize, ControlCharactersAreEscaped) {
  EXPECT_EQ(sanitize("a\nb"), "a\\nb");
  EXPECT_EQ(sanitize("a\r\tb"), "a\\r\\tb");
  EXPECT_EQ(sanitize(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(sanitize("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(sanitize("\x7f"), "\\x7f");
  EXPECT_EQ(sanitize("\xc2\x85"), "\\xc2\\x85");  // C1 control NEL
  EXPECT_EQ(sanitize("a\\nb"), "a\\\\nb");        // a literal backslash cannot forge an escape
}

TEST(Sanitize, InvalidUtf8BytesAreEscaped) {
  EXPECT_EQ(sanitize("\xff"), "\\xff");
  EXPECT_EQ(sanitize("0.\xc3"), "0.\\xc3");                         // one byte of "é"
  EXPECT_EQ(sanitize("\xc0\xaf"), "\\xc0\\xaf");                    // overlong "/"
  EXPECT_EQ(sanitize("\xed\xa0\x80"), "\\xed\\xa0\\x80");           // a surrogate
  EXPECT_EQ(sanitize("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(sanitize("\xf0\x9f\x8e\xb2"), "\xf0\x9f\x8e\xb2");      // U+1F3B2 is fine
}

TEST(Sanitize, LongTextIsCutAtACharacterBoundary) {
  const std::string huge(10'000'000, 'a');
  const std::string shown = sanitize(huge, 64);
  EXPECT_EQ(shown, std::string(64, 'a') + "… (10000000 bytes)");
  // A cut never splits a multi-byte character.
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "é";
  EXPECT_TRUE(printable_utf8(sanitize(accents, 5)));
  EXPECT_EQ(sanitize(accents, 5), "ééé… (80 bytes)");
}

TEST(Sanitize, EveryByteStringComesOutPrintable) {
  // Every string of two bytes, and a pseudo-random sample of longer ones.
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string text{static_cast<char>(a), static_cast<char>(b)};
      ASSERT_TRUE(printable_utf8(sanitize(text))) << a << ' ' << b;
    }
  }
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int round = 0; round < 20'000; ++round) {
    std::string text;
    for (int i = 0; i < 12; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      text += static_cast<char>(x & 0xFF);
    }
    ASSERT_TRUE(printable_utf8(sanitize(text, 8)));
  }
}

// "did you mean": the name a mistyped word most likely meant, or none when nothing is near.
TEST(Closest, NamesTheNearestCandidateOrNone) {
  const std::vector<std::string> names{"nim", "kayles", "dawson", "dawsons-chess", "--rules"};
  EXPECT_EQ(nimkit::closest("kayle", names), "kayles");
  EXPECT_EQ(nimkit::closest("kaylse", names), "kayles");  // two letters swapped: one edit
  EXPECT_EQ(nimkit::closest("--rule", names), "--rules");
  EXPECT_EQ(nimkit::closest("dawsons", names), "dawson");
  EXPECT_EQ(nimkit::closest("dawsons-ches", names), "dawsons-chess");
  EXPECT_EQ(nimkit::closest("chess", names), std::nullopt);
  EXPECT_EQ(nimkit::closest("xy", names), std::nullopt);  // "nim" is 2 edits: too many for 2
  EXPECT_EQ(nimkit::closest("", names), std::nullopt);
  EXPECT_EQ(nimkit::closest(std::string(100000, 'k'), names), std::nullopt);
}

// A list as people type it: commas, white space or both between items, over one token or
// several, and an empty item kept wherever a comma has nothing beside it, for the notation to
// refuse; each item with the token it starts in.
std::vector<std::string> items_of(std::vector<std::string> tokens) {
  std::vector<std::string> out;
  for (const auto& item : nimkit::list_items(tokens)) {
    out.push_back(item.text + "@" + std::to_string(item.token));
  }
  return out;
}

TEST(ListItems, ReadsCommasSpacesOrBoth) {
  using V = std::vector<std::string>;
  EXPECT_EQ(items_of({"1-2,2-3"}), (V{"1-2@0", "2-3@0"}));
  EXPECT_EQ(items_of({"1-2, 2-3"}), (V{"1-2@0", "2-3@0"}));
  EXPECT_EQ(items_of({"1-2 2-3"}), (V{"1-2@0", "2-3@0"}));
  EXPECT_EQ(items_of({"1-2,", "2-3"}), (V{"1-2@0", "2-3@1"}));
  EXPECT_EQ(items_of({"1-2", ",2-3", "4"}), (V{"1-2@0", "2-3@1", "4@2"}));
  EXPECT_EQ(items_of({" 1-2 ,\t2-3  4 "}), (V{"1-2@0", "2-3@0", "4@0"}));
  EXPECT_EQ(items_of({"1,,2"}), (V{"1@0", "@0", "2@0"}));
  EXPECT_EQ(items_of({"1,", ",2"}), (V{"1@0", "@0", "2@1"}));
  EXPECT_EQ(items_of({"1", ",", "2"}), (V{"1@0", "2@2"}));
  EXPECT_EQ(items_of({",1"}), (V{"@0", "1@0"}));
  EXPECT_EQ(items_of({"1,"}), (V{"1@0", "@0"}));
  EXPECT_EQ(items_of({"  "}), (V{"@0"}));
  EXPECT_EQ(items_of({"1", ""}), (V{"1@0"}));
  EXPECT_EQ(items_of({}), (V{}));
}

}  // namespace

TEST(TypedNumber, ReadsOneToTenDigitsAfterAnOptionalLetterInEitherCase) {
  EXPECT_EQ(nimkit::typed_number("3"), 3u);
  EXPECT_EQ(nimkit::typed_number("0"), 0u);
  EXPECT_EQ(nimkit::typed_number("9999999999"), 9999999999u);
  EXPECT_EQ(nimkit::typed_number("v3", 'v'), 3u);
  EXPECT_EQ(nimkit::typed_number("E12", 'e'), 12u);
  EXPECT_EQ(nimkit::typed_number("12", 'e'), 12u);
  EXPECT_FALSE(nimkit::typed_number("10000000000").has_value());  // eleven digits
  EXPECT_FALSE(nimkit::typed_number("v3").has_value());           // no letter expected
  EXPECT_FALSE(nimkit::typed_number("e3", 'v').has_value());
  EXPECT_FALSE(nimkit::typed_number("v", 'v').has_value());
  EXPECT_FALSE(nimkit::typed_number("").has_value());
  EXPECT_FALSE(nimkit::typed_number("-1").has_value());
  EXPECT_FALSE(nimkit::typed_number("3 ").has_value());
}
