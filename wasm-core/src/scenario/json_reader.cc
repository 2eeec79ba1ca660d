#include "scenario/json_reader.h"

#include <cmath>
#include <sstream>

namespace obs {

std::string typeName(const nlohmann::json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

namespace {

// A key that reads as itself in a path: letters, digits and '_', not too long. Any
// other key from the input is quoted (it could hold anything).
bool plainKey(const std::string& key) {
  if (key.empty() || key.size() > kQuoteMaxChars) return false;
  for (char c : key)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

}  // namespace

std::string formatNumber(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::string listChoices(Choices choices) {
  std::string text;
  std::size_t i = 0;
  for (const char* c : choices) {
    if (i > 0) text += (i + 1 == choices.count) ? " or " : ", ";
    text += '"';
    text += c;
    text += '"';
    ++i;
  }
  return text;
}

JsonReader::JsonReader(const json& value, std::string path) : value_(value), path_(std::move(path)) {
  if (!value_.is_object())
    throw ScenarioError((path_.empty() ? std::string("the scenario") : path_) + " must be an object, not " +
                        typeName(value_));
}

std::string JsonReader::field(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

bool JsonReader::has(const std::string& key) const { return value_.contains(key); }

void JsonReader::fail(const std::string& key, const std::string& rule) const {
  throw ScenarioError(field(key) + " " + rule);
}

const nlohmann::json& JsonReader::require(const std::string& key) {
  if (!value_.contains(key)) fail(key, "is required");
  read_.insert(key);
  return value_.at(key);
}

const nlohmann::json& JsonReader::raw(const std::string& key) { return require(key); }

double JsonReader::number(const std::string& key, double min, double max) {
  const json& v = require(key);
  if (!v.is_number()) fail(key, "must be a number, not " + typeName(v));
  double d = v.get<double>();
  if (!std::isfinite(d)) fail(key, "must be a finite number");
  if (d < min || d > max)
    fail(key, "must be between " + formatNumber(min) + " and " + formatNumber(max) + " (got " + formatNumber(d) + ")");
  return d;
}

double JsonReader::number(const std::string& key, double fallback, double min, double max) {
  return has(key) ? number(key, min, max) : fallback;
}

double JsonReader::positive(const std::string& key, double max) {
  const json& v = require(key);
  if (!v.is_number()) fail(key, "must be a number, not " + typeName(v));
  double d = v.get<double>();
  if (!std::isfinite(d) || d <= 0) fail(key, "must be a number > 0 (got " + formatNumber(d) + ")");
  if (d > max) fail(key, "must be at most " + formatNumber(max) + " (got " + formatNumber(d) + ")");
  return d;
}

double JsonReader::positive(const std::string& key, double fallback, double max) {
  return has(key) ? positive(key, max) : fallback;
}

std::int64_t JsonReader::integer(const std::string& key, std::int64_t min, std::int64_t max) {
  const json& v = require(key);
  bool integral =
      v.is_number_integer() || (v.is_number_float() && std::isfinite(v.get<double>()) &&
                                std::floor(v.get<double>()) == v.get<double>() && std::fabs(v.get<double>()) < 9e15);
  std::string range =
      max == INT64_MAX ? ">= " + std::to_string(min) : "between " + std::to_string(min) + " and " + std::to_string(max);
  if (!integral) fail(key, "must be an integer " + range);
  std::int64_t i = v.is_number_unsigned()
                       ? (v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)
                              ? INT64_MAX
                              : static_cast<std::int64_t>(v.get<std::uint64_t>()))
                       : (v.is_number_integer() ? v.get<std::int64_t>() : static_cast<std::int64_t>(v.get<double>()));
  if (i < min || i > max) fail(key, "must be an integer " + range + " (got " + std::to_string(i) + ")");
  return i;
}

std::int64_t JsonReader::integer(const std::string& key, std::int64_t fallback, std::int64_t min, std::int64_t max) {
  return has(key) ? integer(key, min, max) : fallback;
}

bool JsonReader::boolean(const std::string& key, bool fallback) {
  if (!has(key)) return fallback;
  const json& v = require(key);
  if (!v.is_boolean()) fail(key, "must be true or false, not " + typeName(v));
  return v.get<bool>();
}

std::string JsonReader::string(const std::string& key) {
  const json& v = require(key);
  if (!v.is_string()) fail(key, "must be a string, not " + typeName(v));
  return v.get<std::string>();
}

std::string JsonReader::string(const std::string& key, const std::string& fallback) {
  return has(key) ? string(key) : fallback;
}

int JsonReader::choice(const std::string& key, Choices choices) {
  const json& v = require(key);
  if (v.is_string()) {
    int i = 0;
    for (const char* c : choices) {
      if (v.get<std::string>() == c) return i;
      ++i;
    }
  }
  fail(key, "must be one of " + listChoices(choices) +
                (v.is_string() ? " (got " + quoteInput(v.get<std::string>()) + ")" : ""));
}

const nlohmann::json& JsonReader::array(const std::string& key) {
  const json& v = require(key);
  if (!v.is_array()) fail(key, "must be an array, not " + typeName(v));
  return v;
}

const nlohmann::json& JsonReader::arrayOrEmpty(const std::string& key) {
  static const json empty = json::array();
  return has(key) ? array(key) : empty;
}

JsonReader JsonReader::object(const std::string& key) { return JsonReader(require(key), field(key)); }

void JsonReader::finish() const {
  for (auto it = value_.begin(); it != value_.end(); ++it) {
    if (!read_.count(it.key()))
      throw ScenarioError(field(plainKey(it.key()) ? it.key() : quoteInput(it.key())) + " is not a known field");
  }
}

}  // namespace obs
