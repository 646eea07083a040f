// Import rules for the product code, checked by `npm run lint` (dependency-cruiser):
//   - no import circles anywhere in electron/, renderer/src and shared/ (a circle is two
//     concepts that cannot be understood, tested or moved apart: give the shared piece its
//     own module instead);
//   - the core runs under plain Node: electron/core never imports `electron`, nor anything of
//     the renderer;
//   - nothing imports the team's folder outside the repo (../shared: specs and notes, not code).
// Type-only imports count: a circle through types is still two files that cannot be read
// or moved one without the other.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle. Move what both sides need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'Two folders import each other.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-not-to-electron',
      severity: 'error',
      comment: 'electron/core runs under plain Node (CLI, tests, workers): it never imports electron.',
      from: { path: '^electron/core/' },
      to: { path: '^electron$|^node_modules/electron/' },
    },
    {
      name: 'core-not-to-renderer',
      severity: 'error',
      comment: 'electron/core never imports the renderer: what both need lives in shared/.',
      from: { path: '^electron/core/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'not-outside-repo',
      severity: 'error',
      comment: 'Code never imports from outside the repo (the team folder ../shared holds specs, not code).',
      from: {},
      to: { path: '^\\.\\./|^/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing: a moved or misspelt file.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^electron$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.svelte', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
