#include "tcp/congestion_ops.h"

#include "tcp/bic.h"
#include "tcp/cubic.h"
#include "tcp/hstcp.h"
#include "tcp/htcp.h"
#include "tcp/reno.h"
#include "tcp/scalable.h"
#include "tcp/vegas.h"
#include "tcp/westwood.h"

namespace obs {

std::unique_ptr<CongestionOps> makeCongestionOps(const TcpSpec& spec) {
  switch (spec.variant) {
    // Tahoe, Reno, NewReno and SACK differ only in loss recovery, which the sender does;
    // their window growth and ssthresh are Reno's.
    case TcpVariantKind::Tahoe:
    case TcpVariantKind::Reno:
    case TcpVariantKind::NewReno:
    case TcpVariantKind::Sack: return std::make_unique<Reno>();
    case TcpVariantKind::Hstcp: return std::make_unique<Hstcp>();
    case TcpVariantKind::Stcp: return std::make_unique<Scalable>();
    case TcpVariantKind::Bic: return std::make_unique<Bic>();
    case TcpVariantKind::Cubic: return std::make_unique<Cubic>();
    case TcpVariantKind::Htcp: return std::make_unique<Htcp>();
    case TcpVariantKind::Vegas: return std::make_unique<Vegas>();
    case TcpVariantKind::Westwood: return std::make_unique<Westwood>();
  }
  return std::make_unique<Reno>();
}

}  // namespace obs
