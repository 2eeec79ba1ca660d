/**
 * The app's dependency rules, checked by `npm run lint:deps` (dependency-cruiser).
 *
 * Not a rule: "import a folder through its index.ts". Only animation/ has one, and its
 * index brings the React layer along; the editor's pure helpers (fitAround.ts,
 * canvasLabels.ts) read animation/style.ts directly rather than load the views with it.
 */
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
