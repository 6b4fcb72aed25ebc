/**
 * The import rules `npm run lint` enforces (dependency-cruiser). docs/ARCHITECTURE.md draws the graph
 * they keep; docs/CONTRIBUTING.md says what to do when one fails.
 *
 * Server modules are layered: a module may import only modules listed before it here. The list is the
 * one place that says which way dependencies between modules go.
 */
const path = require('node:path');

const MODULE_LAYERS = [
  'audit',
  'mail',
  'vendors',
  'users',
  'auth',
  'invitations',
  'billing',
  'servicem8',
  'email-templates',
  'triggers',
  'trigger-templates',
  'automation',
  'webhooks',
  'content',
  'feedback',
  'system',
  'health',
  'public',
  'admin',
];

const SERVER = '^packages/server/src/';
const MODULES = `${SERVER}modules/`;

/** One rule per module: nothing it imports comes from a module later in MODULE_LAYERS. */
const layerRules = MODULE_LAYERS.map((module, index) => {
  const later = MODULE_LAYERS.slice(index + 1);
  return {
    name: `module-layers-${module}`,
    comment: `${module} may use only the modules before it in MODULE_LAYERS (.dependency-cruiser.cjs).`,
    severity: 'error',
    from: { path: `${MODULES}${module}/` },
    to: { path: later.length > 0 ? `${MODULES}(${later.join('|')})/` : '^$' },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Files that import each other in a circle cannot be understood or changed one at a time. ' +
        '(Type-only imports do not count: deps.ts names the types of what the composition root builds.)',
      severity: 'error',
      from: { path: '^(packages|e2e|scripts)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-owns-its-tables',
      comment:
        "Only a module's own code reads its tables: call its service instead of importing another module's " +
        'repository or schema. (A schema may name another schema for a foreign key.)',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: '\\.schema\\.ts$' },
      to: { path: `${MODULES}[^/]+/.*\\.(repository|schema)\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'shared-layers-below-modules',
      comment:
        'engine, integrations, http, storage, security, observability, queue and db sit below the modules and never ' +
        'import them: the lists of every job and every table belong to the composition root (src/jobs.ts) and ' +
        'drizzle.config.ts.',
      severity: 'error',
      from: { path: `${SERVER}(engine|integrations|http|storage|security|observability|queue|db)/` },
      to: { path: MODULES },
    },
    ...layerRules,
    {
      name: 'jobs-live-in-jobs-files',
      comment: "Background jobs are defined in a module's `<name>.jobs.ts` files and listed in src/jobs.ts.",
      severity: 'error',
      from: { path: `${SERVER}jobs\\.ts$` },
      to: { path: MODULES, pathNot: '\\.jobs\\.ts$' },
    },
    {
      name: 'web-features-stand-alone',
      comment:
        'A web feature never imports another feature: what two features share moves to components/ or lib/, ' +
        'and the app/ layer composes features into pages.',
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: { path: '^packages/web/src/features/([^/]+)/', pathNot: '^packages/web/src/features/$1/' },
    },
    {
      name: 'web-features-below-the-app',
      comment: 'Features never import the app layer (routes, shell, providers): the app imports features.',
      severity: 'error',
      from: { path: '^packages/web/src/features/' },
      to: { path: '^packages/web/src/app/' },
    },
    {
      name: 'web-shared-code-below-features',
      comment: 'Shared code (components/, lib/) never imports a feature or the app layer.',
      severity: 'error',
      from: { path: '^packages/web/src/(components|lib)/' },
      to: { path: '^packages/web/src/(features|app)/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The web app talks to the server over HTTP only; shared shapes live in packages/contract.',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/(server|servicem8-sim|stripe-sim)/' },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'The contract is the bottom layer: every other package may import it, it imports none of them.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(packages/(server|web|servicem8-sim|stripe-sim)|e2e|scripts)/' },
    },
    {
      name: 'simulator-stands-alone',
      comment: 'The ServiceM8 simulator imitates ServiceM8 and knows nothing of the product.',
      severity: 'error',
      from: { path: '^packages/servicem8-sim/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'stripe-simulator-stands-alone',
      comment: 'The Stripe simulator imitates Stripe and knows nothing of the product.',
      severity: 'error',
      from: { path: '^packages/stripe-sim/' },
      to: { path: '^packages/(server|web|servicem8-sim|contract)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The fixtures break the rules on purpose: a test shows that these rules catch them.
    exclude: { path: '(^|/)(node_modules|dist)/|/test/fixtures/' },
    tsPreCompilationDeps: true,
    // The web app's `@/` alias (the one path alias in the repository), so the web's zones see aliased imports.
    tsConfig: { fileName: path.join(__dirname, 'packages/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
