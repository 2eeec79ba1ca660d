// Reads one JSON object field by field, knowing its path ("links[3]"), so every refusal
// names the field and the rule: "links[3].wavelengths must be an integer >= 1".
// Fields not read by the time finish() is called are refused as unknown: nothing in a
// scenario is silently ignored.
#pragma once
#include <array>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "scenario/safe_text.h"

namespace obs {

// A refused scenario (or a run stopped by its budget): one line for a person, naming
// the field and the rule. The message is made safe here, once for every thrower: any
// control, format or bidi character escaped and the length capped (safe_text.h).
class ScenarioError : public std::runtime_error {
 public:
  explicit ScenarioError(const std::string& message) : std::runtime_error(oneLine(message)) {}
};

// The names a field may take, in index order: a braced list at the call, or a named table
// shared with other code (generated/tcp_choices.h's kTcpVariantNames). A view; the names outlive it.
struct Choices {
  const char* const* first;
  std::size_t count;
  const char* const* begin() const { return first; }
  const char* const* end() const { return first + count; }
};
inline Choices choicesOf(std::initializer_list<const char*> list) { return Choices{list.begin(), list.size()}; }
template <std::size_t N>
Choices choicesOf(const std::array<const char*, N>& table) {
  return Choices{table.data(), N};
}

class JsonReader {
 public:
  using json = nlohmann::json;

  // Throws if `value` is not an object.
  JsonReader(const json& value, std::string path);

  const std::string& path() const { return path_; }
  std::string field(const std::string& key) const;
  bool has(const std::string& key) const;
  const json& raw(const std::string& key);  // marks the key as read; precondition: has(key)

  // Numbers: finite; `min`/`max` inclusive unless stated by the *Exclusive variants.
  double number(const std::string& key, double min, double max);
  double number(const std::string& key, double fallback, double min, double max);
  double positive(const std::string& key, double max);  // > 0
  double positive(const std::string& key, double fallback, double max);
  std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max);
  std::int64_t integer(const std::string& key, std::int64_t fallback, std::int64_t min, std::int64_t max);
  bool boolean(const std::string& key, bool fallback);
  std::string string(const std::string& key);
  std::string string(const std::string& key, const std::string& fallback);
  // One of `choices`; returns its index.
  int choice(const std::string& key, std::initializer_list<const char*> choices) {
    return choice(key, choicesOf(choices));
  }
  int choice(const std::string& key, int fallbackIndex, std::initializer_list<const char*> choices) {
    return has(key) ? choice(key, choicesOf(choices)) : fallbackIndex;
  }
  int choice(const std::string& key, Choices choices);
  int choice(const std::string& key, int fallbackIndex, Choices choices) {
    return has(key) ? choice(key, choices) : fallbackIndex;
  }
  // Arrays and objects, for nested readers.
  const json& array(const std::string& key);
  const json& arrayOrEmpty(const std::string& key);
  JsonReader object(const std::string& key);

  [[noreturn]] void fail(const std::string& key, const std::string& rule) const;
  void finish() const;  // refuses any field that was never read

 private:
  const json& require(const std::string& key);
  const json& value_;
  std::string path_;
  std::set<std::string> read_;
};

// "a number", "an array", ... for messages about a value of the wrong type.
std::string typeName(const nlohmann::json& v);

// A number as a message shows it: 0.2, 1e-300, 4.2e+09 (six significant digits).
std::string formatNumber(double v);

// "a, b or c" for messages.
std::string listChoices(Choices choices);
inline std::string listChoices(std::initializer_list<const char*> choices) { return listChoices(choicesOf(choices)); }

}  // namespace obs
