// The static checks in one process: the type check of the four TypeScript programs, ESLint
// (whose type-aware rules reuse those same programs instead of building their own), and
// Prettier. Exits non-zero if any check fails (docs/contributing.md, "Suite time").
//   node scripts/check-static.mjs
// `npm run typecheck` and `npm run lint` stay for one check at a time; `npm test` runs this.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import console from 'node:console';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { ESLint } from 'eslint';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
// Order matters: a file is linted with the first program that holds it, so each file's own
// program comes before one that only imports it (e2e imports the service, the renderer, …).
const PROJECTS = ['src-service', 'src-main', 'src-renderer', 'e2e'];
// The files eslint.config.js lints with type information (its type-aware block).
const TYPED_FILES = ['src-service/**/*.ts', 'src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'e2e/**/*.ts'];

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

// Prettier reads every file again but needs no types: it runs beside the type check.
function prettierCheck() {
  const bin = path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
  const child = spawn(process.execPath, [bin, '--check', '.', '--log-level', 'warn'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.on('error', (err) => resolve({ ok: false, output: err.message }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

/**
 * A compiler host whose parsed files are shared by the four programs, as an editor's language
 * service shares them between projects: the e2e program holds most of the service and the
 * renderer, and the standard library files are in all four. A file is parsed (and bound) once per
 * language version, module format and JSDoc mode; each program still checks with its own options.
 */
function sharingHost() {
  const parsed = new Map();
  return (options) => {
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
      const o = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
      const key = `${o.languageVersion}|${o.impliedNodeFormat ?? ''}|${o.jsDocParsingMode ?? ''}|${fileName}`;
      if (!shouldCreateNewSourceFile && parsed.has(key)) return parsed.get(key);
      const file = read(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      if (file) parsed.set(key, file);
      return file;
    };
    return host;
  };
}

function createPrograms() {
  const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  const programs = [];
  const diagnostics = [];
  const hostFor = sharingHost();
  for (const project of PROJECTS) {
    const configPath = path.join(ROOT, project, 'tsconfig.json');
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => diagnostics.push(d) });
    if (!parsed) continue;
    diagnostics.push(...parsed.errors);
    const program = ts.createProgram({
      rootNames: parsed.fileNames,
      options: parsed.options,
      projectReferences: parsed.projectReferences,
      host: hostFor(parsed.options),
    });
    diagnostics.push(...ts.getPreEmitDiagnostics(program));
    programs.push(program);
  }
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  const text = diagnostics.length > 0 ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost) : '';
  return { programs, ok: errors.length === 0 && programs.length === PROJECTS.length, text, count: errors.length };
}

async function lint(programs) {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [{ files: TYPED_FILES, languageOptions: { parserOptions: { projectService: false, programs } } }],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
  return { ok: problems === 0, text: await formatter.format(results), files: results.length };
}

const started = performance.now();
const prettier = prettierCheck();
const types = createPrograms();
console.log(`types: ${types.ok ? 'ok' : `${types.count} error(s)`} (${PROJECTS.join(', ')}) in ${seconds(started)}`);
if (types.text) console.log(types.text);
const lintStarted = performance.now();
const linted =
  types.programs.length === PROJECTS.length ? await lint(types.programs) : { ok: false, text: 'lint skipped: a program could not be built', files: 0 };
console.log(`eslint: ${linted.ok ? 'ok' : 'problems'} (${linted.files} files) in ${seconds(lintStarted)}`);
if (linted.text) console.log(linted.text);
const formatted = await prettier;
console.log(`prettier: ${formatted.ok ? 'ok' : 'files need formatting'} (${seconds(started)} since start)`);
if (formatted.output.trim()) console.log(formatted.output);
process.exit(types.ok && linted.ok && formatted.ok ? 0 : 1);
