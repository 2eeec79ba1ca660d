// Deterministic elementary functions (to be written): the same bits natively and in wasm.
#pragma once
