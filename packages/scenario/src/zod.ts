// zod for every schema of the format, configured before any is built: without generated
// code. The page's Content-Security-Policy forbids eval (docs/deploy.md), and zod probes for
// it with `new Function` when it builds an object schema (not when it parses), which the
// browser reports as a violation even though the throw is caught. A schema built before the
// setting (summary.ts was, once presets were parsed at load) made that report. Scenarios
// and summaries are small; the plain path is fast.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
