// The layers of the API and the web app (docs/architecture.md), checked by `npm run lint:deps`
// (part of `npm run lint`), which adds the module-level cycle rule (scripts/lint-deps.mjs) and
// lets through only scripts/layers-known-exceptions.js. An import only ever points down.
const api = '^apps/api/src/';
const web = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'Files import one another in a circle: one of them half-loaded at start-up, and neither can change alone. Move what both need one layer down.',
      severity: 'error',
      from: { path: '^apps/(api|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-feature',
      comment: 'src/db, src/errors, src/lib, config.ts and types.ts are the bottom of the API: they know no module and no plugin.',
      severity: 'error',
      from: { path: `${api}(db|errors|lib)/|${api}(config|types)\\.ts$` },
      to: { path: `${api}(modules|plugins)/` },
    },
    {
      name: 'plugins-use-public-interfaces',
      comment: "A plugin reaches a module only through the module's public interface, `modules/<x>/index.ts`, never its internals.",
      severity: 'error',
      from: { path: `${api}plugins/` },
      to: { path: `${api}modules/`, pathNot: `${api}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'features-import-no-admin',
      comment: 'Administration sits above the features it administers: an admin module may import a feature, never the other way round.',
      severity: 'error',
      from: { path: `${api}modules/(?!admin)[^/]+/` },
      to: { path: `${api}modules/admin` },
    },
    {
      name: 'web-features-import-no-app',
      comment: 'app/ composes features/; a feature never reaches back into app/.',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests stand outside the layers: a test may import whatever builds its subject (the app's
    // providers, fakes). Nothing imports a test, so no cycle of the code that ships hides there.
    exclude: { path: '/(dist|dist-ssr|dev-dist|node_modules|test)/|\\.test\\.tsx?$' },
    // Type-only imports count: a layer that needs another's types depends on it all the same.
    tsPreCompilationDeps: true,
    // An absolute name: the TypeScript compiler resolves `extends` against a relative one wrongly.
    tsConfig: { fileName: `${__dirname}/apps/api/tsconfig.json` },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
