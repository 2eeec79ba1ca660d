#include "scenario/safe_text.h"

#include <gtest/gtest.h>

#include <string>

namespace obs {
namespace {

TEST(SafeText, EscapesControlFormatAndBidiCharactersOnly) {
  EXPECT_EQ(escapeUnsafe("tcp1 E1->E2 µs λ1"), "tcp1 E1->E2 µs λ1");
  EXPECT_EQ(escapeUnsafe("a\nb"), "a\\u{000A}b");
  EXPECT_EQ(escapeUnsafe("x\u202Ey"), "x\\u{202E}y");        // right-to-left override
  EXPECT_EQ(escapeUnsafe("x\u2028y"), "x\\u{2028}y");        // line separator
  EXPECT_EQ(escapeUnsafe("x\u200By"), "x\\u{200B}y");        // zero-width space
  EXPECT_EQ(escapeUnsafe("x\u2066y"), "x\\u{2066}y");        // left-to-right isolate
  EXPECT_EQ(escapeUnsafe("x\xEF\xBB\xBFy"), "x\\u{FEFF}y");  // byte-order mark
  EXPECT_EQ(escapeUnsafe("x\x1b[31my"), "x\\u{001B}[31my");  // a terminal escape
  EXPECT_EQ(escapeUnsafe("\xC2\x85"), "\\u{0085}");          // C1 next line
}

TEST(SafeText, BytesThatAreNotUtf8AreShownAsBytes) {
  EXPECT_EQ(escapeUnsafe("a\xFFz"), "a\\x{FF}z");
  EXPECT_EQ(escapeUnsafe("\xC0\xAF"), "\\x{C0}\\x{AF}");             // overlong '/'
  EXPECT_EQ(escapeUnsafe("\xED\xA0\x80"), "\\x{ED}\\x{A0}\\x{80}");  // a surrogate
  EXPECT_EQ(escapeUnsafe("\xE2\x82"), "\\x{E2}\\x{82}");             // cut short
}

TEST(SafeText, QuotesAndCutsLongValues) {
  EXPECT_EQ(quoteInput("E1"), "\"E1\"");
  EXPECT_EQ(quoteInput("say \"hi\" \\ bye"), "\"say \\\"hi\\\" \\\\ bye\"");
  EXPECT_EQ(quoteInput(std::string(100, 'x'), 10), "\"xxxxxxxxxx\"... (90 more characters)");
  // Escapes count as written: 40 bidi overrides do not come out as 320 characters.
  std::string overrides;
  for (int i = 0; i < 40; ++i) overrides += "\u202E";
  EXPECT_EQ(quoteInput(overrides, 20), "\"\\u{202E}\\u{202E}\"... (38 more characters)");
  // Characters, not bytes: ten λ are kept whole.
  std::string lambdas;
  for (int i = 0; i < 12; ++i) lambdas += "λ";
  EXPECT_EQ(quoteInput(lambdas, 10), "\"λλλλλλλλλλ\"... (2 more characters)");
}

TEST(SafeText, OneLineIsBoundedAndPrintable) {
  const std::string huge = "bad: " + std::string(20'000'000, 'a') + "\n";
  const std::string line = oneLine(huge);
  EXPECT_LE(line.size(), kMessageMaxChars + 40);
  EXPECT_NE(line.find("more characters)"), std::string::npos);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(oneLine("short"), "short");
}

TEST(SafeText, FindsTheFirstUnsafeCharacterAndItsPosition) {
  char32_t c = 0;
  std::size_t at = 0;
  EXPECT_FALSE(findUnsafe("plain λ text", &c, &at));
  ASSERT_TRUE(findUnsafe("ab\u202Ec", &c, &at));
  EXPECT_EQ(c, U'\u202E');
  EXPECT_EQ(at, 3u);
  ASSERT_TRUE(findUnsafe(std::string("a\0b", 3), &c, &at));
  EXPECT_EQ(c, U'\0');
  EXPECT_EQ(at, 2u);
}

}  // namespace
}  // namespace obs
