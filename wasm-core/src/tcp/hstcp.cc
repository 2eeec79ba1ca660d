#include "tcp/hstcp.h"

#include <algorithm>

#include "sim/det_math.h"

namespace obs {
namespace {

// detLog/detExp, not <cmath>: the same bits natively and in WebAssembly. The logs of the
// constants are taken once.
struct Logs {
  double lowWindow = detLog(Hstcp::kLowWindow);
  double highWindow = detLog(Hstcp::kHighWindow);
  double lowP = detLog(Hstcp::kLowP);
  double highP = detLog(Hstcp::kHighP);
};
const Logs& logs() {
  static const Logs l;
  return l;
}

// Where log w lies between log Low_Window and log High_Window, 0 to 1 (beyond 1 above
// High_Window).
double logPosition(double w) {
  const Logs& l = logs();
  return (detLog(w) - l.lowWindow) / (l.highWindow - l.lowWindow);
}

}  // namespace

double Hstcp::decrease(double w) {
  if (w <= kLowWindow) return 0.5;
  // Section 5: b(w) = (High_Decrease - 0.5) (log w - log Low_Window) /
  // (log High_Window - log Low_Window) + 0.5. The RFC stops the function at High_Window;
  // b stays at High_Decrease beyond it rather than going on down towards 0.
  double x = std::min(logPosition(w), 1.0);
  return (kHighDecrease - 0.5) * x + 0.5;
}

double Hstcp::increase(double w) {
  if (w <= kLowWindow) return 1;
  // Section 5: the response function is a straight line in log-log coordinates through
  // (Low_P, Low_Window) and (High_P, High_Window); p(w) is its inverse, and
  // a(w) = w^2 p(w) 2 b(w) / (2 - b(w)) is the increase that, with decrease b(w), gives an
  // average window w at loss rate p(w).
  const Logs& l = logs();
  double p = detExp(l.lowP + logPosition(w) * (l.highP - l.lowP));
  double b = decrease(w);
  return w * w * p * 2 * b / (2 - b);
}

void Hstcp::onNewAck(CongestionState& s, const AckInfo& ack) {
  if (s.cwnd < s.ssthresh || s.cwnd <= kLowWindow) {
    reno_.onNewAck(s, ack);
    return;
  }
  // Section 5: w = w + a(w)/w per ACK in congestion avoidance.
  s.cwnd += increase(s.cwnd) / s.cwnd;
}

double Hstcp::ssthreshAfterLoss(const CongestionState& s, std::uint32_t flight, double now) {
  if (s.cwnd <= kLowWindow) return reno_.ssthreshAfterLoss(s, flight, now);
  // Section 5: w = (1 - b(w)) w on a congestion event; w is the congestion window.
  return std::max((1 - decrease(s.cwnd)) * s.cwnd, 2.0);
}

}  // namespace obs
