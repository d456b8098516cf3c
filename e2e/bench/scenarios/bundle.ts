import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Scenario } from '../lib/context';
import type { Row } from '../lib/report';
import { REPO_ROOT } from '../lib/service';
import { fmtBytes } from '../lib/stats';

const OUT = path.join(REPO_ROOT, 'out/renderer');

/**
 * Size of the built renderer: every assets/*.js + *.css (what the app can ever load), and
 * the initial load (what index.html references directly: scripts, stylesheets, module
 * preloads). Built with `npm run build:renderer` only when out/renderer is missing.
 */
export const bundleScenario: Scenario = {
  name: 'bundle',
  async run(ctx) {
    if (!fs.existsSync(path.join(OUT, 'index.html'))) {
      ctx.log('bundle: out/renderer is missing; npm run build:renderer');
      const r = spawnSync('npm', ['run', '--silent', 'build:renderer'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error(`npm run build:renderer exited ${r.status}`);
    }
    const assets = fs
      .readdirSync(path.join(OUT, 'assets'))
      .filter((f) => /\.(js|css)$/.test(f))
      .map((f) => `assets/${f}`);
    const html = fs.readFileSync(path.join(OUT, 'index.html'), 'utf8');
    const initial = directReferences(html);
    const all = measure(assets);
    const first = measure(initial);
    const builtAt = fs.statSync(path.join(OUT, 'index.html')).mtime.toISOString();
    const row = (figure: string, m: ReturnType<typeof measure>, files: string[]): Row => ({
      figure,
      ffdesk: `${fmtBytes(m.gzip)} gzip (${fmtBytes(m.raw)} raw), ${files.length} files`,
      baseline: '—',
      ratio: null,
      target: 'size printed',
      result: 'info',
      peakRssBytes: null,
      data: { raw_bytes: m.raw, gzip_bytes: m.gzip, files, built_at: builtAt },
    });
    return [row('renderer bundle: all assets/*.js + *.css', all, assets), row("renderer initial load: index.html's scripts + css", first, initial)];
  },
};

/** `<script src>`, `<link rel="stylesheet|modulepreload" href>` of index.html, as paths under out/renderer. */
function directReferences(html: string): string[] {
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) refs.add(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (!/\brel="(stylesheet|modulepreload)"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) refs.add(href);
  }
  return [...refs].filter((r) => !/^[a-z]+:/i.test(r)).map((r) => r.replace(/^\.?\//, ''));
}

function measure(files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(OUT, f));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}
