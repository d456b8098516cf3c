import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import ts from 'typescript';

/**
 * The service's imports read with the TypeScript parser, folded to folder level, and compared
 * with the layering order of docs/architecture.md ("The layers"). Used by the layering test and
 * by `npx tsx src-service/testing/architecture/figures.ts`, which prints the figures the docs quote.
 */

export const SERVICE_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

/**
 * The layers, top first (docs/architecture.md). A folder may import its own layer or one below;
 * an import of a higher layer is an upward arrow. Inside the domain layer, two folders that
 * import each other are counted as one upward arrow too (a loop has no "down").
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['index.ts', 'service', 'cli'],
  ['api'],
  ['jobs', 'edits', 'segmented', 'files', 'presets', 'batches', 'watch', 'webhooks', 'cache', 'accounts', 'scale-out', 'facts', 'local'],
  ['ffmpeg-args', 'media', 'storage', 'db', 'events', 'work', 'client'],
  ['contract', 'config.ts', 'errors.ts'],
];

export interface ImportEdge {
  from: string;
  to: string;
  fromFolder: string;
  toFolder: string;
  typeOnly: boolean;
}

const isTest = (path: string): boolean => /\.test\.tsx?$/.test(path) || path.split(sep).includes('testing');

export function productionFiles(root = SERVICE_ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (name === 'node_modules') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(relative(root, full))) out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

/** The first path segment under the service root ("jobs", "compose.ts"). */
export const folderOf = (file: string, root = SERVICE_ROOT): string => relative(root, file).split(sep)[0] ?? '';

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base + '.ts', base + '.tsx', join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return null;
}

function isTypeOnlyImport(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node))
    return node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly));
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

export function importsOf(file: string, root = SERVICE_ROOT): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean): void => {
    const to = resolveImport(file, spec);
    if (!to || !to.startsWith(root + sep)) return;
    edges.push({ from: file, to, fromFolder: folderOf(file, root), toFolder: folderOf(to, root), typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const layerOf = (folder: string): number => {
  const index = LAYERS.findIndex((layer) => layer.includes(folder));
  if (index < 0) throw new Error(`${folder} is in no layer of docs/architecture.md`);
  return index;
};

export interface FolderArrow {
  from: string;
  to: string;
  /** Every import behind the arrow is `import type`. */
  typeOnly: boolean;
  files: string[];
}

/** Of a loop's two arrows, the one counted as pointing back: the type-only one, else the one fewer files make, else by name. */
function loopBackArrow(a: FolderArrow, b: FolderArrow): FolderArrow {
  if (a.typeOnly !== b.typeOnly) return a.typeOnly ? a : b;
  if (a.files.length !== b.files.length) return a.files.length < b.files.length ? a : b;
  return a.from > b.from ? a : b;
}

/** Folder-level arrows that point up a layer, or close a loop between two folders of one layer. */
export function upwardArrows(root = SERVICE_ROOT): FolderArrow[] {
  const arrows = new Map<string, FolderArrow>();
  for (const file of productionFiles(root)) {
    for (const edge of importsOf(file, root)) {
      if (edge.fromFolder === edge.toFolder) continue;
      const key = `${edge.fromFolder}->${edge.toFolder}`;
      const arrow = arrows.get(key) ?? { from: edge.fromFolder, to: edge.toFolder, typeOnly: true, files: [] };
      arrow.typeOnly &&= edge.typeOnly;
      const rel = relative(root, edge.from);
      if (!arrow.files.includes(rel)) arrow.files.push(rel);
      arrows.set(key, arrow);
    }
  }
  const up: FolderArrow[] = [];
  for (const arrow of arrows.values()) {
    const from = layerOf(arrow.from);
    const to = layerOf(arrow.to);
    if (to < from) up.push(arrow);
    else if (to === from) {
      const back = arrows.get(`${arrow.to}->${arrow.from}`);
      if (back && loopBackArrow(arrow, back) === arrow) up.push(arrow);
    }
  }
  return up.sort((a, b) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`));
}
