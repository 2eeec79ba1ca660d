#include "scenario/safe_text.h"

#include <cstdint>
#include <cstdio>

namespace obs {

namespace {

// The set of packages/scenario/src/safe-text.js: C0 and C1 controls and DEL, soft hyphen,
// the Arabic letter mark, the Mongolian vowel separator, zero-width characters and
// directional marks, line and paragraph separators, embeddings and overrides, word joiner,
// invisible operators and isolates, the byte-order mark and interlinear annotations.
bool isUnsafe(char32_t c) {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c == 0xad || c == 0x61c || c == 0x180e ||
         (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f) || c == 0xfeff ||
         (c >= 0xfff9 && c <= 0xfffb);
}

// Decodes one UTF-8 sequence at `i`; returns its length, or 0 if the byte there starts no
// well-formed sequence (then `*c` is the byte).
std::size_t decode(const std::string& s, std::size_t i, char32_t* c) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = b(i);
  *c = lead;
  if (lead < 0x80) return 1;
  std::size_t len = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0;
  if (lead >= 0xf5) len = 0;
  if (len == 0 || i + len > s.size()) return 0;
  char32_t v = lead & (0x7f >> len);
  for (std::size_t k = 1; k < len; ++k) {
    if ((b(i + k) & 0xc0) != 0x80) return 0;
    v = (v << 6) | (b(i + k) & 0x3f);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10ffff)) || (v >= 0xd800 && v <= 0xdfff)) return 0;
  *c = v;
  return len;
}

std::string hex(char32_t c, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%0*X", digits, static_cast<unsigned>(c));
  return buffer;
}

// Appends the code point or byte at `i` to `out`, escaped if unsafe; returns its length.
std::size_t appendSafe(const std::string& s, std::size_t i, std::string* out) {
  char32_t c;
  const std::size_t len = decode(s, i, &c);
  if (len == 0) {
    *out += "\\x{" + hex(c, 2) + "}";
    return 1;
  }
  if (isUnsafe(c))
    *out += "\\u{" + hex(c, 4) + "}";
  else
    out->append(s, i, len);
  return len;
}

}  // namespace

std::string escapeUnsafe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) i += appendSafe(text, i, &out);
  return out;
}

std::string quoteInput(const std::string& value, std::size_t maxChars) {
  // At most maxChars characters between the quotes, escapes counted as written, so a
  // value of bidi overrides cannot come out eight times its limit.
  std::string shown;
  std::size_t i = 0, chars = 0;
  while (i < value.size()) {
    std::string piece;
    std::size_t len = 1;
    if (value[i] == '\\' || value[i] == '"') {
      piece = std::string("\\") + value[i];
    } else {
      len = appendSafe(value, i, &piece);
    }
    // A raw piece is one character (one code point); an escape is all ASCII.
    const std::size_t width = piece.size() == len && static_cast<unsigned char>(piece[0]) >= 0x80 ? 1 : piece.size();
    if (chars + width > maxChars) break;
    shown += piece;
    chars += width;
    i += len;
  }
  std::string out = "\"" + shown + "\"";
  if (i < value.size()) {
    std::size_t rest = 0;
    for (char32_t c; i < value.size(); ++rest) {
      const std::size_t n = decode(value, i, &c);
      i += n == 0 ? 1 : n;
    }
    out += "... (" + std::to_string(rest) + " more characters)";
  }
  return out;
}

std::string oneLine(const std::string& message, std::size_t maxChars) {
  const std::string safe = escapeUnsafe(message);
  // Count code points; cut at a boundary, keeping room for the marker.
  std::size_t chars = 0, cutAt = safe.size();
  const std::size_t keep = maxChars > 40 ? maxChars - 40 : maxChars;
  for (std::size_t i = 0; i < safe.size(); ++i) {
    if ((static_cast<unsigned char>(safe[i]) & 0xc0) == 0x80) continue;
    if (chars == keep) cutAt = i;
    ++chars;
  }
  if (chars <= maxChars) return safe;
  std::size_t rest = 0;
  for (std::size_t i = cutAt; i < safe.size(); ++i)
    if ((static_cast<unsigned char>(safe[i]) & 0xc0) != 0x80) ++rest;
  return safe.substr(0, cutAt) + "... (" + std::to_string(rest) + " more characters)";
}

bool findUnsafe(const std::string& text, char32_t* found, std::size_t* position) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    char32_t c;
    const std::size_t len = decode(text, i, &c);
    ++chars;
    if (len == 0 || isUnsafe(c)) {
      *found = len == 0 ? 0xfffd : c;
      *position = chars;
      return true;
    }
    i += len;
  }
  return false;
}

}  // namespace obs
