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

// Layers point one way (docs/architecture.md): ffmpeg-args/ is pure code over argument text, so it
// imports no job lifecycle, database, HTTP layer or file system; jobs/ never imports the HTTP layer.
const segment = (names) => `(^|\\x2F)(${names.join('|')})(\\x2F|$)`;
const layerPattern = (names, message) => ({ regex: segment(names), caseSensitive: true, message });
const fsPaths = ['fs', 'fs/promises', 'node:fs', 'node:fs/promises'].map((name) => ({
  name,
  message: 'ffmpeg-args/ is pure: the job code reads files and passes their text in',
}));
const argsLayer = layerPattern(['jobs', 'db', 'api'], 'ffmpeg-args/ is pure argument parsing: it may not import jobs/, db/ or api/');
// The request schemas (api/**/*.schema.ts) are the wire contract, not HTTP handling: jobs/ may read
// their types until they move out of api/.
const jobsLayer = {
  regex: '(^|\\x2F)api(\\x2F(?!.*\\.schema$)|$)',
  caseSensitive: true,
  message: 'jobs/ is domain code: it may not import the HTTP layer (api/)',
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench-results/**', 'src-service/cli/bin.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Tests read untyped JSON response bodies and assert on them; the assertions are the types.
    files: ['**/*.test.ts', 'src-service/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // A later block replaces an earlier block's options for the same rule, so each
  // no-restricted-imports below lists every restriction that applies to its files.
  {
    files: ['src-service/**/*.ts', 'src-main/**/*.{ts,tsx}', 'src-renderer/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [testingPattern] }],
      // no-restricted-imports does not look at import(); this catches a dynamic import of a helper.
      'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${TESTING_SEGMENT}/]`, message: TESTING_MESSAGE }],
    },
  },
  {
    files: ['src-service/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath], patterns: [testingPattern] }] },
  },
  {
    files: ['src-service/ffmpeg-args/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath, ...fsPaths], patterns: [testingPattern, argsLayer] }] },
  },
  {
    files: ['src-service/jobs/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath], patterns: [testingPattern, jobsLayer] }] },
  },
  {
    files: ['src-service/**/*.test.ts', 'src-service/testing/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath] }] },
  },
);
