import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression in the code that reads request- or job-supplied text (command
 * text, list files, preset definitions, names, ffmpeg's log of untrusted media, watched file
 * names) is audited for catastrophic backtracking (docs/sandbox.md, "Work on the event loop"):
 *
 * - the list below must match the code: a new pattern fails this test until it is added here,
 *   which runs it through the battery;
 * - each pattern runs on 256 KiB adversarial inputs built from its own pieces (its literal
 *   runs and characters repeated, alone and with separators), on a worker thread with a budget:
 *   a linear pattern takes a millisecond or two, a quadratic one tens of seconds (the 70 KB playlist of newlines
 *   of the red-team report in docs/sandbox.md held the event loop 4.5 s under the old `^\s*#EXT-X-DEFINE` pattern;
 *   it is caught by the budget at any machine speed, see the control test).
 */
const SCANNED_DIRS = ['ffmpeg-args', 'jobs', 'presets', 'contract', 'watch', 'edits', 'segmented', 'facts'];
/** Files on the same input path that live in other folders: the host policy, the input preparation, and the tracks' tags read from a file. */
const SCANNED_FILES = ['storage/host-policy.ts', 'files/prepare-inputs.ts', 'media/tracks.ts'];
const ROOT = path.resolve(__dirname, '..');

const AUDITED: Record<string, string[]> = {
  'ffmpeg-args/aliases.ts': ['/\\{\\{((?:in|out|inter)_[A-Za-z0-9_]+)\\}\\}/', '/\\{\\{([^{}]*)\\}\\}/g', 'new RegExp', 'new RegExp'],
  'ffmpeg-args/command-lint.ts': [
    '/\\s/',
    '/^-(?:c|codec|vcodec|acodec|scodec)(?::.*)?$/',
    '/^-[A-Za-z_]/',
    '/^-(?:map|metadata|ss|to|itsoffset|t)$/',
    '/\\s/',
    '/^[A-Za-z0-9_]+/',
    '/^(["\'])(.*)\\1$/',
  ],
  'ffmpeg-args/command-text.ts': ['/\\\\([{}])/g'],
  'ffmpeg-args/filtergraph-args.ts': ['/^-([A-Za-z0-9_][A-Za-z0-9_-]*)(?::.*)?$/s'],
  'ffmpeg-args/filtergraph-escape.ts': ["/'/g", "/[\\\\':=\\s]/g", "/[\\\\'[\\],;\\s]/g"],
  'ffmpeg-args/filtergraph.ts': ['/[A-Za-z0-9_./-]/'],
  'storage/host-policy.ts': ['/^\\[|\\]$/g'],
  'ffmpeg-args/sandbox-graph.ts': ['/@.*$/s'],
  'ffmpeg-args/sandbox-lists.ts': [
    '/^#EXT-X-DEFINE\\b/i',
    '/<!(DOCTYPE|ENTITY)\\b/i',
    '/^\\s*<\\?xml\\b[^>]*\\bencoding\\s*=\\s*["\']([^"\']*)["\']/i',
    '/^\\uFEFF/',
    '/^\\uFEFF/',
    '/^ffconcat\\s/',
    '/^file\\s/m',
    '/<(?:[\\w.-]+:)?MPD\\b/',
    '/^([A-Za-z][A-Za-z0-9+.-]*):/',
    '/^[A-Za-z]:[/\\\\]/',
    '/[/\\\\]/',
    '/uri/i',
    '/\\bURI\\s*=\\s*(?:"([^"]*)"|([^,\\s]*))/gi',
    '/\\b(?:media|initialization|index|sourceURL|bitstreamSwitching|href|id)\\s*=\\s*(?:"([^"]*)"|\'([^\']*)\')/gi',
    '/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi',
  ],
  'ffmpeg-args/sandbox-options.ts': ['/[/\\\\]/'],
  'ffmpeg-args/sandbox-paths.ts': [
    '/^(ff)?rtmp/',
    '/(?<![A-Za-z0-9+.-])([A-Za-z0-9+.-]+)(:|,)/g',
    '/^[/\\\\]/',
    '/^[A-Za-z]:[/\\\\]/',
    '/^\\.{2,} *$/',
    '/%(?:25)*(?:2e|2f|5c)/i',
    '/\\s/',
    '/[\\s{,|[\\];=:\'"]/',
    '/[\\s/\\\\{},|[\\];=:\'"]/',
    '/[{,|]/',
    '/[/\\\\{},|]/',
  ],
  'ffmpeg-args/sandbox.ts': ['new RegExp', '/^[A-Za-z]:/'],
  'jobs/commands-repo.ts': ['/[\\\\%_]/g'],
  'jobs/failure-message.ts': [
    "/No such filter: '([^']+)'/",
    "/Unknown encoder '([^']+)'/",
    "/Unknown decoder '([^']+)'/",
    "/Unrecognized option '([^']+)'/",
    "/Requested output format '([^']+)' is not a suitable output format/",
    "/Unknown input format: '([^']+)'/",
    "/Option '?[^' ]+'? not found/",
    '/Error parsing (?:a )?filter|Invalid (?:stream specifier|option|argument value|duration)|Unable to (?:find|parse|locate|open)|Undefined constant|Missing argument for option/',
    "/No such file or directory|Permission denied|Invalid data found when processing input|does not contain any stream|Output file #\\d+ does not contain|Stream map '[^']*' matches no streams|At least one output file must be specified/",
    '/[Ee]rror (?:opening|initializing|while opening|splitting)|Could not (?:open|write|find)|[Nn]ot supported|[Ii]ncompatible/',
    '/^(?:\\[[^\\]]+ @ 0x[0-9a-f]+\\]\\s*)+/',
    '/\\r?\\n/',
    '/^-/',
    '/\\.$/',
    '/\\r?\\n/',
  ],
  'jobs/job-name.ts': ["/No such filter: '([^']+)'/", '/\\s+/', '/^["\']|["\']$/g', '/^(\\[[^\\]]*\\])+/', '/[=,;[\\s]/', '/\\s+/', '/^["\']/', '/[=:,"\']/'],
  'jobs/list-files-check.ts': ['/^\\uFEFF/', '/^(#EXTM3U|ffconcat\\s|<\\?xml|<MPD)/', '/[\\n\\r]file\\s/'],
  'jobs/run-steps.ts': ['/^[A-Za-z0-9_./:=+,%-]+$/', "/'/g"],
  'jobs/runner.ts': ['/No space left on device/i'],
  'jobs/submit.ts': ['/(?:^|[/\\\\])ffmpeg(?:\\.exe)?$/i'],
  'presets/parameters.ts': ['/\\{\\{([a-z][a-z0-9_]*)\\}\\}/g'],
  'presets/check-definition.ts': ['/\\{\\{([a-z][a-z0-9_]*)\\}\\}/g'],
  'contract/content-hash.ts': ['/^[0-9a-f]{64}$/'],
  'contract/media-kinds.ts': ['/^[a-z0-9]{1,10}$/'],
  'presets/render.ts': ['/\\{([a-z][a-z0-9_]*)\\}/g', '/[^A-Za-z0-9_-]+/g', '/^[_]+|[_]+$/g'],
  'contract/endpoint.ts': ['/\\{(\\w+)\\}/g'],
  'contract/lax-number.ts': ['/^[+-]?\\d+(?:\\.0*)?$/', '/^[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?$/'],
  'contract/names.ts': [
    '/^in_[A-Za-z0-9_]+$/',
    '/^out_[A-Za-z0-9_]+$/',
    '/^inter_[A-Za-z0-9_]+$/',
    '/^(?!.*\\.\\.)[A-Za-z0-9_-][A-Za-z0-9_.-]*$/',
    '/[\\0/\\\\]/',
    '/^https?:\\/\\//i',
  ],
  'contract/preset-definition.ts': [
    '/^(?!in_|out_)[a-z][a-z0-9_]{0,39}$/',
    '/^[a-z0-9][a-z0-9_-]{0,63}$/',
    '/^(?!.*\\.\\.)[A-Za-z0-9_{}-][A-Za-z0-9_.{}-]*$/',
    '/^[A-Za-z0-9_.:,=+\\-/@%#]*$/',
  ],
  'contract/worker-protocol.schema.ts': ['/^[A-Za-z0-9_.-]{1,100}$/'],
  'watch/deliver.ts': ['/\\.[^.]+$/'],
  'watch/ingest.ts': ['/[^A-Za-z0-9._-]+/g', '/^\\.+/'],
  'watch/watch-folders.ts': ['/[/\\\\]+$/'],
  'contract/edits.schema.ts': ['/\\.[A-Za-z0-9]+$/', '/^[A-Za-z0-9_-]{1,100}$/'],
  'edits/plan-edit.ts': ['/[^A-Za-z0-9_-]+/g', '/^-+|-+$/g'],
  'edits/run-edit.ts': ['/[^.A-Za-z0-9]/g'],
  // Subtitle text a sandboxed ffmpeg decoded from the input (docs/cutting.md, "Subtitles").
  'edits/subtitles.ts': [
    '/^(\\d+):(\\d{1,2}):(\\d{1,2})[,.](\\d{1,3})$/',
    '/^(\\d+):(\\d{1,2}):(\\d{1,2})\\.(\\d{1,3})$/',
    '/\\r\\n?/g',
    '/\\n{2,}/',
    '/\\s+/',
    '/\\r\\n?/g',
  ],
  'facts/fact-cache.ts': ['/^[A-Za-z0-9_-]{1,64}$/'],
  'facts/fact-urls.ts': ['/^\\/facts\\/s\\/([^/]+)\\/([A-Za-z0-9_-]{1,64})\\/([a-z0-9.]+)$/'],
  'facts/playability.ts': ['/\\.([^./]+)$/'],
  'facts/sound.ts': ['/^sound([1-9]|[1-5]\\d|6[0-4])\\.m4a$/'],
  // A file's track tags (an MP4 handler name).
  'media/tracks.ts': ['/handler|core media|^sound$|^audio$/i'],
  'facts/subtitle-text.ts': ['/^subs([1-9]|[1-5]\\d|6[0-4])\\.vtt$/'],
  'facts/stream-facts.ts': ['/^\\d+\\/\\d+$/', '/^(\\d+(?:\\.\\d+)?)(?:\\/(\\d+(?:\\.\\d+)?))?$/'],
  'ffmpeg-args/segmented-eligibility.ts': [
    '/^\\{\\{\\s*out_[A-Za-z0-9_]+\\s*\\}\\}$/',
    '/^\\{\\{\\s*out_/',
    '/^(passthrough|0)$/',
    '/^-x26[45]-params$/',
    '/(^|:)pass=/',
    '/^0:[va](:0)?\\??$/',
    '/^-filter:a/',
    '/[,;]/',
    '/(^|[:,=])enable=/',
  ],
};

/** Regex literals (and `new RegExp` calls) of a file, in source order. */
function regexesOf(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) found.push((n as ts.RegularExpressionLiteral).text);
    if (ts.isNewExpression(n) && n.expression.getText(sf) === 'RegExp') found.push('new RegExp');
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function scannedFiles(): string[] {
  return [
    ...SCANNED_DIRS.flatMap((d) =>
      fs
        .readdirSync(path.join(ROOT, d))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => `${d}/${f}`),
    ),
    ...SCANNED_FILES,
  ];
}

/**
 * 256 KiB: a quadratic pattern over it needs ~3·10^10 steps, many budgets on any machine, while
 * the linear ones cost half of what 512 KiB did (docs/contributing.md, "Suite time"). 64 KiB was
 * tried: on a quiet machine the control's quadratic pattern then ended inside the budget (a CI run
 * failed the control), so the size, not the machine's load, must keep the two apart.
 * REGEX_AUDIT_SIZE sets another size, e.g. 524288 for the old one.
 */
const SIZE = Number(process.env.REGEX_AUDIT_SIZE ?? 256 * 1024);
/** Joined to each piece: nothing, whitespace and line ends, a word character, a quote, a tag opener. */
const SEPARATORS = ['', ' ', '\n', '\r', 'a', '"', '<'];

/** Literal runs of a pattern's source (escapes resolved roughly), and each of its characters. */
function piecesOf(source: string): string[] {
  const runs = source
    .replace(/\\[dDwWsSbB]/g, ' ')
    .replace(/\\(.)/g, '$1')
    .split(/[()[\]{}|?*+^$]+/)
    .filter((r) => r.length > 0);
  return [...new Set([...runs, ...source.split('')])].slice(0, 10);
}

/** The worker: builds each input, runs the pattern the way the code can (exec, or every match when global), posts progress. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { source, flags, pieces, separators, size } = workerData;
const re = new RegExp(source, flags);
// A global pattern scans for every match (as replace and matchAll do in the code) without
// building a match object for each: the engine's work per match is the same, the garbage is not.
const run = (text) => {
  if (re.global) { text.replace(re, ''); re.lastIndex = 0; }
  else re.exec(text);
};
const inputs = [];
for (const p of pieces) for (const s of separators) inputs.push([p, s]);
for (const [p, s] of inputs) {
  const unit = p + s;
  const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  parentPort.postMessage({ at: JSON.stringify(unit).slice(0, 40) });
  run(text);
  run(pieces.join('') + text);
}
parentPort.postMessage({ done: inputs.length * 2 });
`;

/**
 * Budget per input (256 KiB, run twice): a linear pattern needs a few milliseconds even on a
 * loaded machine, the old quadratic list pattern tens of seconds.
 */
const BUDGET_MS = 4_000;

function battery(literal: string): Promise<{ done?: number; stuckAt?: string }> {
  const end = literal.lastIndexOf('/');
  const source = literal.slice(1, end);
  const flags = literal.slice(end + 1);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { source, flags, pieces: piecesOf(source), separators: SEPARATORS, size: SIZE } });
    let at = '';
    const expire = () =>
      setTimeout(() => {
        void worker.terminate();
        resolve({ stuckAt: at });
      }, BUDGET_MS);
    let timer = expire();
    worker.on('message', (m: { at?: string; done?: number }) => {
      if (m.at) {
        at = m.at;
        clearTimeout(timer);
        timer = expire();
      }
      if (m.done !== undefined) {
        clearTimeout(timer);
        void worker.terminate();
        resolve({ done: m.done });
      }
    });
    worker.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

describe('regular expressions over request- and job-supplied text', () => {
  it('when the code is scanned, then every pattern in it is in the audited list (a new one must be added here, and so gets the battery)', () => {
    const actual = Object.fromEntries(
      scannedFiles()
        .map((f) => [f, regexesOf(path.join(ROOT, f))] as const)
        .filter(([, r]) => r.length > 0),
    );
    if (process.env.PRINT_REGEX_AUDIT) console.log('AUDIT_JSON' + JSON.stringify(actual));
    expect(actual).toEqual(AUDITED);
  });

  const patterns = [...new Set(Object.values(AUDITED).flat())].filter((r) => r !== 'new RegExp');
  it.each(patterns)(
    'when %s runs over 256 KiB adversarial inputs built from its own pieces, then it finishes within the budget',
    async (literal) => {
      const r = await battery(literal);
      expect(r.stuckAt, `stalled on input unit ${r.stuckAt ?? ''}`).toBeUndefined();
      expect(r.done).toBeGreaterThan(0);
    },
    300_000,
  );

  it(
    'when the pattern the red team found quadratic runs over 256 KiB of newlines, then the battery catches it (control)',
    async () => {
      const r = await battery(String.raw`/^\s*#EXT-X-DEFINE\b/im`);
      expect(r.stuckAt).toBeDefined();
    },
    BUDGET_MS + 10_000,
  );
});
