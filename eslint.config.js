import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Test helpers live in src-service/testing/ (docs/contributing.md): tests and other helpers may
// import them, production code may not. Imports here are relative paths, so the rule matches a
// `testing` path segment in the import string (\x2F is `/`, which esquery selectors cannot hold).
const TESTING_SEGMENT = '(^|\\x2F)testing(\\x2F|$)';
const TESTING_MESSAGE = 'src-service/testing/ holds test helpers; production code may not import it';
const testingPattern = { regex: TESTING_SEGMENT, caseSensitive: true, message: TESTING_MESSAGE };
const electronPath = { name: 'electron', message: 'src-service never imports electron' };
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'src-service/testing/**'];

// Layers point one way (docs/architecture.md). Domain code never imports the HTTP layer: no
// api/, no koa; it throws the errors of errors.ts and emits events, and api/ presents them.
// ffmpeg-args/ is pure code over argument text: no job lifecycle, database, HTTP or file system.
const DOMAIN = ['jobs', 'files', 'storage', 'batches', 'presets', 'watch', 'webhooks', 'cache', 'accounts', 'media', 'db', 'events', 'work', 'segmented'];
const DOMAIN_FILES = [
  ...DOMAIN.map((folder) => `src-service/${folder}/**/*.ts`),
  ...['errors', 'config'].map((name) => `src-service/${name}.ts`),
  ...['recovery', 'bootstrap'].map((name) => `src-service/service/${name}.ts`),
  'src-service/scale-out/**/*.ts',
];
// Every child process starts through media/child-process.ts, which masks the descriptors the
// service inherited (docs/sandbox.md, "Clean process start"): no other file spawns.
const SPAWN_FILE = 'src-service/media/child-process.ts';
const spawnPaths = ['child_process', 'node:child_process'].map((name) => ({
  name,
  message: 'Start processes through media/child-process.ts (spawnChild, spawnChildSync): it keeps inherited descriptors from the child',
}));
const koaPaths = ['koa', '@koa/router'].map((name) => ({ name, message: 'Domain code knows no HTTP framework: routes live in api/' }));
const fsPaths = ['fs', 'fs/promises', 'node:fs', 'node:fs/promises'].map((name) => ({
  name,
  message: 'ffmpeg-args/ is pure: the job code reads files and passes their text in',
}));
const argsLayer = {
  regex: '(^|\\x2F)(jobs|db|api)(\\x2F|$)',
  caseSensitive: true,
  message: 'ffmpeg-args/ is pure argument parsing: it may not import jobs/, db/ or api/',
};
// The wire contract (schemas, enums, naming rules) lives in contract/, which domain code may read.
const domainLayer = {
  regex: '(^|\\x2F)api(\\x2F|$)',
  caseSensitive: true,
  message: 'Domain code may not import the HTTP layer (api/): throw an error of errors.ts or emit an event, and let api/ present it',
};

// The service is called through its typed client only (src-service/client/, docs/architecture.md
// "The client"): a `fetch(` elsewhere would be a second, hand-written caller with its own paths,
// errors and 422 formatting. FETCH_ALLOWED names the few places that fetch something else.
const NO_FETCH = [
  { selector: "CallExpression[callee.name='fetch']", message: 'Call the service through the typed client (client.call(API.x, …)); see docs/architecture.md' },
  {
    selector: "CallExpression[callee.property.name='fetch'][callee.object.name=/^(globalThis|window|self)$/]",
    message: 'Call the service through the typed client (client.call(API.x, …)); see docs/architecture.md',
  },
];
const FETCH_ALLOWED = [
  // The client itself: its one fetch (http.ts) and what is built on it.
  'src-service/client/**/*.ts',
  // Outgoing webhook deliveries go to the user's URL, not to the service.
  'src-service/webhooks/send.ts',
  // The renderer hands the client a fetch that also watches for 401s (back to the key gate).
  'src-renderer/src/app/ConnectedApp.tsx',
];
// SQL lives in repositories (docs/architecture.md, "Rows and domain objects"): a `*-repo.ts` beside
// its domain, or db/ (connection, migrations, the status writer). Elsewhere no statement is prepared
// and no string starts with an upper-case SQL verb (SELECT, INSERT, UPDATE, DELETE).
const SQL_VERBS = '/^\\s*(SELECT|INSERT|UPDATE|DELETE)\\s/';
const NO_SQL = [
  {
    selector: "CallExpression[callee.property.name=/^(prepare|pragma)$/], CallExpression[callee.property.name='exec'][callee.object.name=/^db$/i]",
    message: 'SQL lives in a repository (*-repo.ts beside its domain) or db/; see docs/architecture.md',
  },
  { selector: `TemplateElement[value.raw=${SQL_VERBS}]`, message: 'SQL lives in a repository (*-repo.ts beside its domain) or db/; see docs/architecture.md' },
  { selector: `Literal[value=${SQL_VERBS}]`, message: 'SQL lives in a repository (*-repo.ts beside its domain) or db/; see docs/architecture.md' },
];
const SQL_ALLOWED = ['src-service/**/*-repo.ts', 'src-service/db/**/*.ts'];
const TESTING_IMPORT = { selector: `ImportExpression[source.value=/${TESTING_SEGMENT}/]`, message: TESTING_MESSAGE };
const ROUTER_MADE_ONCE = {
  selector: "NewExpression[callee.name='Router']",
  message: 'Declare the endpoint in src-service/contract/endpoints/ and bind its handler with mountEndpoints',
};
// Wire shapes are built in api/ presenters (docs/architecture.md, "Rows and domain objects"): below
// api/, an object literal has no snake_case record field (`*_id`, `*_at`, `*_url(s)`), which only the
// /v1 wire spells so. Repositories (SQL rows), clients of the service (the scale-out worker, the CLI)
// and the contract are not domain code. WIRE_ALLOWED names what still builds a wire shape below api/.
const WIRE_KEY = '/^[a-z][a-z0-9]*(_[a-z0-9]+)*_(id|ids|at|url|urls)$/';
const NO_WIRE = [
  {
    selector: `ObjectExpression > Property[key.name=${WIRE_KEY}], ObjectExpression > Property[key.value=${WIRE_KEY}]`,
    message: 'Wire shapes (snake_case record fields) are built by an api/ presenter: return a domain object; see docs/architecture.md',
  },
];
const WIRE_CHECKED = [
  'jobs',
  'edits',
  'segmented',
  'files',
  'presets',
  'batches',
  'watch',
  'webhooks',
  'cache',
  'accounts',
  'facts',
  'local',
  'media',
  'storage',
  'work',
  'scale-out',
].map((folder) => `src-service/${folder}/**/*.ts`);
const WIRE_ALLOWED = [
  // The worker runs outside the service and calls it: a client, like the CLI.
  'src-service/scale-out/worker/**',
  // The worker protocol's answers (a plan, an output upload) are built beside the scale-out code that signs them (docs/scale-out.md).
  'src-service/scale-out/plan.ts',
  'src-service/scale-out/output-uploads.ts',
];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench-results/**', 'src-service/cli/bin.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The CLI launcher is CommonJS (src-service/cli/launch.cjs: no ES module loader at start).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Type-aware rules (docs/contributing.md): promises that nobody awaits or that land where a
    // callback's result is ignored, awaits of non-promises, casts that change nothing, and values
    // that would print as "[object Object]".
    files: ['src-service/**/*.ts', 'src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
    },
  },
  {
    // Tests read untyped JSON response bodies and assert on them; the assertions are the types.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', 'src-service/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  // A later block replaces an earlier block's options for the same rule, so each
  // no-restricted-imports below lists every restriction that applies to its files.
  {
    files: ['src-service/**/*.ts', 'src-main/**/*.{ts,tsx}', 'src-renderer/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [testingPattern] }],
      // no-restricted-imports does not look at import(); this catches a dynamic import of a helper.
      'no-restricted-syntax': ['error', TESTING_IMPORT, ...NO_FETCH],
    },
  },
  {
    files: ['src-service/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { paths: [electronPath, ...spawnPaths], patterns: [testingPattern] }],
      // Routes are made from the endpoint declarations (docs/contributing.md, "Add an endpoint"):
      // only api/mount-endpoints.ts creates a router.
      'no-restricted-syntax': ['error', TESTING_IMPORT, ...NO_FETCH, ...NO_SQL, ROUTER_MADE_ONCE],
    },
  },
  {
    files: WIRE_CHECKED,
    ignores: [...testFiles, ...SQL_ALLOWED, ...WIRE_ALLOWED],
    rules: { 'no-restricted-syntax': ['error', TESTING_IMPORT, ...NO_FETCH, ...NO_SQL, ROUTER_MADE_ONCE, ...NO_WIRE] },
  },
  {
    files: ['src-service/api/mount-endpoints.ts'],
    rules: { 'no-restricted-syntax': ['error', TESTING_IMPORT, ...NO_FETCH, ...NO_SQL] },
  },
  {
    files: SQL_ALLOWED,
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': ['error', TESTING_IMPORT, ...NO_FETCH, ROUTER_MADE_ONCE],
    },
  },
  {
    files: FETCH_ALLOWED,
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', TESTING_IMPORT] },
  },
  {
    files: DOMAIN_FILES,
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath, ...koaPaths, ...spawnPaths], patterns: [testingPattern, domainLayer] }] },
  },
  {
    files: [SPAWN_FILE],
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath, ...koaPaths], patterns: [testingPattern, domainLayer] }] },
  },
  {
    // The service host is the service's process under Electron: it starts nothing itself either.
    files: ['src-main/service-host.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: spawnPaths, patterns: [testingPattern] }] },
  },
  {
    files: ['src-service/ffmpeg-args/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath, ...koaPaths, ...fsPaths, ...spawnPaths], patterns: [testingPattern, argsLayer] }] },
  },
  {
    // The contract is imported by the renderer too: zod and its own files only (docs/architecture.md).
    files: ['src-service/contract/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronPath],
          patterns: [
            testingPattern,
            {
              group: ['node:*', 'koa', '@koa/*', 'better-sqlite3', 'bullmq', 'ioredis'],
              message: 'src-service/contract/ is shared with the renderer: zod only',
            },
            {
              regex: '^\\.\\./\\.\\.|^\\.\\./(?!(endpoint|responses|enums|names|[a-z-]+\\.schema|lax-number|preset-definition)$)',
              message: 'src-service/contract/ imports only its own files',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-service/**/*.test.ts', 'src-service/testing/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath] }] },
  },
);
