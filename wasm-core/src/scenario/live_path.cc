#include "scenario/live_path.h"

#include <cstring>

#include "scenario/json_reader.h"

namespace obs {

namespace {

// The table's kinds are named by these arrays; they must cover the enums, and the
// variant's bounds the engine's variants.
static_assert(sizeof(kNodeKindNames) / sizeof(*kNodeKindNames) == static_cast<std::size_t>(NodeKind::Core) + 1);
static_assert(sizeof(kLinkKindNames) / sizeof(*kLinkKindNames) == static_cast<std::size_t>(LinkKind::Fiber) + 1);
constexpr double variantMax() {
  for (const LiveField& f : kLiveFields)
    if (f.target == LiveTarget::FlowVariant) return f.max;
  return -1;
}
static_assert(variantMax() == static_cast<double>(kTcpVariantNames.size() - 1),
              "flows[i].tcp.variant's live bounds must be the indices of kTcpVariantNames");

const LiveListName& nameOf(LiveList list) { return kLiveListNames[static_cast<int>(list)]; }

bool startsWith(const std::string& s, const std::string& head) { return s.compare(0, head.size(), head) == 0; }

// "burstLoss.data" -> "data": the part of a field a LivePath keeps.
const char* lastKey(const char* field) {
  const char* dot = std::strrchr(field, '.');
  return dot ? dot + 1 : field;
}

void appendListed(std::string* list, const char* item) {
  if (!list->empty()) *list += ", ";
  *list += item;
}

// Splits "links[3].loss" into Links, 3 and "loss" as the path grammar does
// (packages/scenario/src/path-grammar.ts, splitElementPath). false: another shape.
bool splitElementPath(const std::string& path, LiveList* list, int* index, std::string* field) {
  for (int l = 1; l < static_cast<int>(sizeof(kLiveListNames) / sizeof(*kLiveListNames)); ++l) {
    const std::string head = std::string(kLiveListNames[l].list) + "[";
    if (!startsWith(path, head)) continue;
    const std::size_t close = path.find("].", head.size());
    if (close == std::string::npos || close == head.size()) return false;
    const std::string digits = path.substr(head.size(), close - head.size());
    if (digits.size() > static_cast<std::size_t>(kMaxIndexDigits) ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    *list = static_cast<LiveList>(l);
    *index = std::stoi(digits);
    *field = path.substr(close + 2);
    return true;
  }
  return false;
}

std::size_t sizeOf(const Scenario& s, LiveList list) {
  switch (list) {
    case LiveList::Nodes: return s.nodes.size();
    case LiveList::Links: return s.links.size();
    case LiveList::Flows: return s.flows.size();
    case LiveList::None: break;
  }
  return 0;
}

// The element's kind as the table names kinds; "" where its list has none (flows).
const char* kindOf(const Scenario& s, LiveList list, int index) {
  switch (list) {
    case LiveList::Nodes: return kNodeKindNames[static_cast<int>(s.nodes[index].kind)];
    case LiveList::Links: return kLinkKindNames[static_cast<int>(s.links[index].kind)];
    case LiveList::Flows:
    case LiveList::None: break;
  }
  return "";
}

// "a packet link", "an edge node".
std::string kindWords(const char* kind, LiveList list) {
  const bool vowel = std::strchr("aeiou", kind[0]) != nullptr;
  return std::string(vowel ? "an " : "a ") + kind + " " + nameOf(list).noun;
}

// Within the field's bounds. Written so that NaN fails: every comparison with it is false.
bool withinBounds(const LiveField& f, double value) {
  const bool aboveMin = f.minExclusive ? value > f.min : value >= f.min;
  return aboveMin && value <= f.max && (!f.integer || value == static_cast<int>(value));
}

// "cannot be changed while running (live: maxTime, maxBytes, minBytes)": the fields of
// one target, by their last keys.
std::string onlyLiveOf(LiveTarget target) {
  std::string fields;
  for (const LiveField& f : kLiveFields)
    if (f.target == target) appendListed(&fields, lastKey(f.field));
  return "cannot be changed while running (live: " + fields + ")";
}

}  // namespace

bool resolveLivePath(const Scenario& s, const std::string& path, LivePath* out, std::string* rule) {
  *out = LivePath{};
  LiveList list = LiveList::None;
  int index = -1;
  std::string field = path;
  const char* kind = "";
  if (splitElementPath(path, &list, &index, &field)) {
    const std::size_t size = sizeOf(s, list);
    if (static_cast<std::size_t>(index) >= size) {
      *rule = std::string("cannot be changed while running: there is no ") + nameOf(list).list + "[" +
              std::to_string(index) + "] (the scenario has " + std::to_string(size) + ")";
      return false;
    }
    kind = kindOf(s, list, index);
  }
  // Why not, when not: a near miss in a live family (assembly.maxtime), a field live on
  // another kind of element, or what is live on this kind.
  const LiveField* family = nullptr;
  const char* otherKind = nullptr;
  std::string ownFields;
  for (const LiveField& f : kLiveFields) {
    if (f.list != list) continue;
    const bool kindFits = f.kind[0] == '\0' || std::strcmp(f.kind, kind) == 0;
    const bool inFamily = field == f.family || startsWith(field, std::string(f.family) + ".");
    if (kindFits && field == f.field) {
      out->target = f.target;
      out->index = index;
      out->field = lastKey(f.field);
      out->rule = &f;
      return true;
    }
    if (inFamily && kindFits && !family) family = &f;
    if (inFamily && !kindFits) otherKind = f.kind;
    if (f.kind[0] != '\0' && kindFits) appendListed(&ownFields, f.field);
  }
  if (family) {
    *rule = onlyLiveOf(family->target);
  } else if (otherKind && ownFields.empty()) {
    *rule = std::string("cannot be changed: ") + nameOf(list).list + "[" + std::to_string(index) + "] is not " +
            kindWords(otherKind, list);
  } else if (!ownFields.empty()) {
    *rule = "cannot be changed while running on " + kindWords(kind, list) + " (live: " + ownFields + ")";
  } else {
    *rule = std::string("cannot be changed while running (live: ") + kLivePathsText + ")";
  }
  return false;
}

std::string assemblyValueRule(const std::string& field, double value) {
  for (const LiveField& f : kLiveFields)
    if (f.target == LiveTarget::ObsAssembly && field == lastKey(f.field))
      return withinBounds(f, value) ? "" : f.refusal;
  return onlyLiveOf(LiveTarget::ObsAssembly);
}

std::string liveValueRule(const LivePath& t, double value) {
  if (!t.rule) return "cannot be changed";
  return withinBounds(*t.rule, value) ? "" : t.rule->refusal;
}

}  // namespace obs
