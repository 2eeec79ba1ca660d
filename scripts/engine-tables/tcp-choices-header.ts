// wasm-core/src/generated/tcp_choices.h: the words a scenario names a TCP variant and a
// loss recovery by (packages/scenario/src/schema/fields.ts, TCP_VARIANTS and
// LOSS_RECOVERIES), in the order of the engine's enums, which scenario.h holds them to.
import { LOSS_RECOVERIES, TCP_VARIANTS } from '../../packages/scenario/src/schema/fields';
import { generatedHeader, stringLiteral } from './cpp';

function namesArray(name: string, values: readonly string[]): string {
  return `inline constexpr std::array<const char*, ${values.length}> ${name}{${values.map(stringLiteral).join(', ')}};`;
}

export function tcpChoicesHeader(): string {
  return generatedHeader(
    'packages/scenario/src/schema/fields.ts',
    `// The names of the TCP variants and loss recoveries: what a scenario writes, and what
// setLive's numeric index of a variant counts. In the order of TcpVariantKind and
// TcpRecoveryKind (scenario/scenario.h, which asserts one name per value).
#pragma once
#include <array>

namespace obs {

${namesArray('kTcpVariantNames', TCP_VARIANTS)}
${namesArray('kLossRecoveryNames', LOSS_RECOVERIES)}

}  // namespace obs
`,
  );
}
