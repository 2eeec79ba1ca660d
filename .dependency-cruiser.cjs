/**
 * The app's dependency rules, checked by `npm run lint:deps` (dependency-cruiser).
 *
 * Not a rule: "import a folder through its index.ts". Only animation/ has one, and its
 * index brings the React layer along; the editor's pure helpers (fitAround.ts,
 * canvasLabels.ts) read animation/style.ts directly rather than load the views with it.
 */
/**
 * Tests, and the modules only they import (in apps/web/src). testHooks.ts is not one: it is
 * the app's, the hooks the end-to-end specs read from the page.
 */
const TEST_CODE = '(\\.test\\.tsx?|/test(?!Hooks)[A-Z][\\w]*\\.ts|/testSupport\\.ts|Fixtures\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'Folders of apps/web/src depend on each other one way only: a piece two folders share ' +
        'lives in the folder that owns it, below both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/web/src/' },
      to: { path: '^apps/web/src/', circular: true },
    },
    {
      name: 'packages-not-apps',
      comment: 'packages/ are libraries: they never import the app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'stores-import-no-views',
      comment: 'The session (sim/) and the log model (log/) hold no views: they import no .tsx.',
      severity: 'error',
      from: { path: '^apps/web/src/(sim|log)/' },
      to: { path: '\\.tsx$' },
    },
    {
      name: 'product-code-no-test-support',
      comment:
        'The app never imports what only tests use: the test files, and the modules that serve ' +
        'them (named test*.ts, testSupport.ts or *Fixtures.ts), which load the engine in Node.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'product-code-no-node-engine',
      comment: "The page runs the engine in its workers: the Node loader (@obs-tcp-sim/engine/node) is the CLI's and the tests'.",
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: TEST_CODE },
      to: { path: '^packages/engine/src/node-engine\\.ts$' },
    },
    {
      name: 'scenario-imports-nothing-of-ours',
      comment: 'packages/scenario is the format: it imports no other package of ours, and no app.',
      severity: 'error',
      from: { path: '^packages/scenario/' },
      to: { path: '^(packages/(?!scenario/)|apps/)' },
    },
    {
      name: 'sweep-imports-only-scenario',
      comment: 'packages/sweep runs a scenario over a grid of values: of ours it imports only the format (packages/scenario).',
      severity: 'error',
      from: { path: '^packages/sweep/' },
      to: { path: '^(packages/(?!(scenario|sweep)/)|apps/)' },
    },
    {
      name: 'theory-imports-only-scenario',
      comment:
        'packages/theory holds the closed forms runs are held against: of ours it imports only the format ' +
        "(its tests compare with the validation report's own formulas, scripts/validate/theory.mjs).",
      severity: 'error',
      from: { path: '^packages/theory/' },
      to: { path: '^(packages/(?!(scenario|theory)/)|apps/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|wasm)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
