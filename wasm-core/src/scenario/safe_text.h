// Text from a scenario quoted inside one of the engine's messages. The C++ twin of
// packages/scenario/src/safe-text.js (same characters escaped, same notation), so a
// refusal reads the same from the CLI, the page and the native driver: a field name or
// id cannot reorder the message around it (bidi overrides), break it over lines (U+2028,
// newlines) or make it megabytes long.
#pragma once
#include <cstddef>
#include <string>

namespace obs {

// Characters of a quoted value kept before it is cut, and the length of a whole message.
constexpr std::size_t kQuoteMaxChars = 60;
constexpr std::size_t kMessageMaxChars = 400;

// `text` (UTF-8) with every control, format, bidirectional or separator character written
// as \u{XXXX}, and every byte that is not UTF-8 as \x{XX}.
std::string escapeUnsafe(const std::string& text);
// `value` in double quotes, unsafe characters escaped, backslashes and quotes escaped,
// cut after `maxChars` characters with the count of the rest: "abc"... (12 more characters).
std::string quoteInput(const std::string& value, std::size_t maxChars = kQuoteMaxChars);
// A message as one printable line of at most `maxChars` characters (code points).
std::string oneLine(const std::string& message, std::size_t maxChars = kMessageMaxChars);
// Finds the first unsafe code point in `text` (or byte that is not UTF-8, reported as
// U+FFFD) and its 1-based character position; false if there is none.
bool findUnsafe(const std::string& text, char32_t* found, std::size_t* position);

}  // namespace obs
