// The engine's generated headers, by their place in the repository.
import { choicesHeader } from './choices-header';
import { defaultsHeader } from './defaults-header';
import { limitsHeader } from './limits-header';
import { liveFieldsHeader } from './live-fields-header';
import { tcpChoicesHeader } from './tcp-choices-header';

export const ENGINE_TABLES: readonly { path: string; render: () => string }[] = [
  { path: 'wasm-core/src/generated/limits.h', render: limitsHeader },
  { path: 'wasm-core/src/generated/defaults.h', render: defaultsHeader },
  { path: 'wasm-core/src/generated/live_fields.h', render: liveFieldsHeader },
  { path: 'wasm-core/src/generated/tcp_choices.h', render: tcpChoicesHeader },
  { path: 'wasm-core/src/generated/choices.h', render: choicesHeader },
];
