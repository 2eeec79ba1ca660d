#!/usr/bin/env node
// Reads one test report and prints "<passed> <failed>" for scripts/test.sh.
//   node scripts/count-test-results.mjs junit <ctest.xml>
//   node scripts/count-test-results.mjs vitest <vitest.json>
//   node scripts/count-test-results.mjs playwright <playwright.json>
// A missing or unreadable report prints "0 1": a suite that could not report counts
// as failed. Errors outside any test (a file that does not import, a web server that
// does not start) count as one failure each, so they can never pass unnoticed.
import { readFileSync } from 'node:fs';

const [kind, file] = process.argv.slice(2);

const counters = {
  junit(text) {
    let passed = 0;
    let failed = 0;
    // <testcase .../> or <testcase ...>...</testcase>
    for (const match of text.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
      const attributes = match[1];
      const body = match[3] ?? '';
      if (/<(failure|error)\b/.test(body) || /status="fail(ed)?"/.test(attributes)) failed++;
      else if (/<skipped\b/.test(body) || /status="(notrun|disabled)"/.test(attributes)) continue;
      else passed++;
    }
    return { passed, failed };
  },

  vitest(text) {
    const report = JSON.parse(text);
    let failed = report.numFailedTests;
    for (const file of report.testResults ?? []) {
      const failedInside = (file.assertionResults ?? []).some((test) => test.status === 'failed');
      if (file.status === 'failed' && !failedInside) failed++; // e.g. the file did not load
    }
    return { passed: report.numPassedTests, failed };
  },

  playwright(text) {
    const report = JSON.parse(text);
    const stats = report.stats ?? {};
    const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    const failed = (stats.unexpected ?? 0) + (report.errors?.length ?? 0);
    return { passed, failed };
  },
};

if (!(kind in counters) || !file) {
  process.stderr.write('usage: count-test-results.mjs junit|vitest|playwright <report>\n');
  process.exit(2);
}

let result;
try {
  result = counters[kind](readFileSync(file, 'utf8'));
} catch (error) {
  process.stderr.write(`count-test-results: cannot read the ${kind} report ${file}: ${error.message}\n`);
  result = { passed: 0, failed: 1 };
}
process.stdout.write(`${result.passed} ${result.failed}\n`);
