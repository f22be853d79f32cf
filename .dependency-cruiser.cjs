/**
 * The import direction of DESIGN.md, checked on resolved paths (`npm run lint:imports`, part of `npm run check`):
 *
 *   app (main.tsx, boot.ts, app.tsx, router.tsx) -> features -> components / api / i18n -> contract
 *   server/main.ts -> server/host (the app server) -> server/service (the reference service) -> contract
 *   server/ (time, listen, client address: used by both) -> contract          contract -> zod only
 *
 * Every `from`/`to` below is a path relative to the repository, after resolution: `../../../features/x` from a
 * feature's subfolder, a new feature folder and a type-only import all land on the same file name as any other
 * import. Run it with `node scripts/import-rules.ts` (dependency-cruiser alone reads no TypeScript 7: see there).
 */
const app = '^src/(main\\.tsx|boot\\.ts|app\\.tsx|router\\.tsx)$';
const test = '(^src/test/|\\.test\\.tsx?$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-other-feature',
      comment:
        'A feature never imports another feature: move the shared piece down to src/components or src/api (DESIGN.md).',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'up-to-the-app',
      comment:
        'main.tsx, boot.ts, app.tsx and router.tsx are the top: main.tsx loads boot.ts and app.tsx, app.tsx the router; nothing else imports them.',
      severity: 'error',
      from: { pathNot: '^src/(main\\.tsx|app\\.tsx)$' },
      to: { path: app },
    },
    {
      name: 'components-to-features',
      comment: 'src/components is shared UI: it never imports a feature (DESIGN.md).',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'api-to-ui',
      comment:
        'src/api imports only contract/ (and itself): no components, features, i18n or app (DESIGN.md).',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: '^src/(api|test)/' },
    },
    {
      name: 'i18n-to-ui',
      comment:
        "src/i18n sits beside components: it reads the features' locale files and nothing else of theirs.",
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: {
        path: '^src/(features|components|api)/',
        pathNot: ['^src/features/[^/]+/locales/', '^src/features/[^/]+/[^/]+/locales/'],
      },
    },
    {
      name: 'src-to-server',
      comment:
        "src/ never imports server/ (DESIGN.md); only the unit tests' harness in src/test/ runs the service.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/test/' },
      to: { path: '^server/' },
    },
    {
      name: 'src-to-node',
      comment: "src/ runs in the browser: no Node built-ins outside the unit tests' harness in src/test/.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/test/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'src-to-hono',
      comment:
        "src/ never imports the service's framework; src/test/ reaches the service through server/service/app.ts.",
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '(^|/)node_modules/(hono|@hono/[^/]+)/' },
    },
    {
      name: 'test-helpers-in-code',
      comment: 'src/test/ is for tests: the app never ships it.',
      severity: 'error',
      from: { path: '^src/', pathNot: test },
      to: { path: '^src/test/' },
    },
    {
      name: 'server-to-src',
      comment:
        'server/ imports contract/, never src/ (DESIGN.md). One test drives the client against the service on purpose.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/host/client-contract\\.test\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'service-to-host',
      comment:
        'server/service/ (the reference service) never imports server/host/ (the app server in front of it) nor server/main.ts: the app server runs the service, not the other way round.',
      severity: 'error',
      from: { path: '^server/service/' },
      to: { path: '^server/(host/|main\\.ts$)' },
    },
    {
      name: 'server-shared-to-programs',
      comment:
        'The files at the top of server/ beside main.ts (time, listen, client address) serve both programs: they import neither server/host/ nor server/service/.',
      severity: 'error',
      from: { path: '^server/[^/]+$', pathNot: '^server/main\\.ts$' },
      to: { path: '^server/(host|service)/' },
    },
    {
      name: 'contract-beyond-zod',
      comment:
        'contract/ is zod only: it imports neither src/, server/ nor any package but zod (and vitest in its tests) (DESIGN.md).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract/|node_modules/zod/|node_modules/vitest/)' },
    },
    {
      name: 'code-to-tooling',
      comment: 'The app, the service and the contract never import e2e/, bench/ or scripts/.',
      severity: 'error',
      from: { path: '^(src|server|contract)/' },
      to: { path: '^(e2e|bench|scripts)/' },
    },
    {
      name: 'unresolvable',
      comment: 'An import the check cannot resolve is an import it cannot judge.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // node_modules may be a link to another checkout's: keep the paths as written here.
    preserveSymlinks: true,
    doNotFollow: { path: 'node_modules' },
    // Resolve packages by their `exports` as Node and Vite do (react-router and vite have no `main` for require).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'module-sync', 'node', 'default'],
      mainFields: ['module', 'main'],
    },
  },
};
