import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ENDPOINTS } from '../../contract/endpoints/index';
import { API } from '../../client/endpoints';
import { SERVICE_ROOT, upwardArrows } from './import-graph';

/**
 * The architecture figures quoted in docs/architecture.md ("Figures"), measured the same way each
 * time: `npx tsx src-service/testing/architecture/figures.ts`. Production code is every .ts/.tsx
 * file of src-service, src-renderer and src-main that is not a test (`*.test.ts`, `*.spec.ts`) and
 * not under a `testing/` folder.
 */

const REPO = resolve(SERVICE_ROOT, '..');
const PROGRAMS = ['src-service', 'src-renderer', 'src-main'];

function productionFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (name === 'node_modules' || name === 'testing' || name === 'out') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
    }
  };
  for (const program of PROGRAMS) walk(join(REPO, program));
  return out.sort();
}

const lineCount = (file: string): number => readFileSync(file, 'utf8').split('\n').length - 1;

interface FunctionSize {
  file: string;
  name: string;
  lines: number;
}

function functionsOf(file: string): FunctionSize[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FunctionSize[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      found.push({ file: relative(REPO, file), name: named ? named.getText(source) : '(anonymous)', lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function duplicatePairs(): string {
  try {
    const out = execFileSync('duplicates', ['--repo', REPO, '--most', '1', '--seconds', '120'], { encoding: 'utf8' });
    return out.split('\n')[0] ?? '';
  } catch {
    return 'the duplicates tool is not on this machine';
  }
}

export function figures(): Record<string, unknown> {
  const files = productionFiles();
  const over200 = files.map((f) => ({ file: relative(REPO, f), lines: lineCount(f) })).filter((f) => f.lines > 200);
  const longest = files
    .flatMap(functionsOf)
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 3);
  const arrows = upwardArrows();
  return {
    clientCoverage: `${ENDPOINTS.filter((e) => e.operationId in API).length} of ${ENDPOINTS.length} declared endpoints callable as client.call(API.<operationId>)`,
    upwardArrows: arrows.map((a) => `${a.from} -> ${a.to}${a.typeOnly ? ' (type only)' : ''}: ${a.files.join(', ')}`),
    filesOver200Lines: over200.sort((a, b) => b.lines - a.lines).map((f) => `${f.file} ${f.lines}`),
    longestFunctions: longest.map((f) => `${f.name} (${f.file}) ${f.lines}`),
    duplicates: duplicatePairs(),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  console.log(JSON.stringify(figures(), null, 2));
}
