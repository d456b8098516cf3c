import path from 'node:path';
import { LISTINGS, parseCapabilities, type Capabilities } from './capabilities';
import { CapabilitiesSchema, HwEncoderTrialsSchema } from '../contract/capabilities.schema';
import { detectHardwareEncoders, type HwEncoderTrial } from './hw-encoders';
import type { ProbeCache } from './probe-cache';
import { runProcess } from './run-process';
import { startupEnv } from './startup-env';

/**
 * What the chosen ffmpeg can do, learned once per binary (cached by path + size + mtime) and in
 * the background: the service answers requests while the listings are read and the hardware
 * encoders are tried.
 */
export interface BuildFacts {
  /** The parsed listings; read on first use, then cached. */
  capabilities(): Promise<Capabilities>;
  /** null while the test encodes still run (or the listings failed). */
  hardwareEncoders(): HwEncoderTrial[] | null;
  /** Starts the listings and hardware trials unless cached or started; resolves when they have finished (or failed). */
  hardwareDone(): Promise<void>;
  /** `reading` until the listings and hardware trials are known (/v1/health says so). */
  state(): 'reading' | 'ready';
}

export interface BuildFactsOptions {
  ffmpegPath: string;
  cache: ProbeCache;
  signal?: AbortSignal;
  log?(msg: string): void;
  /** Defaults to trying real encodes; tests may pass a render node. */
  renderNode?: string | null;
}

const LISTING_TIMEOUT_MS = 20_000;

export function createBuildFacts(opts: BuildFactsOptions): BuildFacts {
  let caps: Promise<Capabilities> | null = null;
  let hw: HwEncoderTrial[] | null = opts.cache.get(opts.ffmpegPath, 'hw-encoders', HwEncoderTrialsSchema) ?? null;
  const capabilities = () => {
    caps ??= readCapabilities(opts.ffmpegPath, opts.cache, opts.signal);
    caps.catch(() => {
      caps = null;
    }); // a failed read is tried again next time
    return caps;
  };
  // Started by the first hardwareDone() (the service calls it once it listens: docs/performance.md, "Start-up").
  let done: Promise<void> | null = hw ? Promise.resolve() : null;
  const detect = () =>
    capabilities()
      .then((c) => detectHardwareEncoders(opts.ffmpegPath, c.encoders, opts.signal, opts.renderNode))
      .then((trials) => {
        hw = trials;
        opts.cache.set(opts.ffmpegPath, 'hw-encoders', trials);
        const working = trials.filter((t) => t.works).map((t) => t.encoder);
        opts.log?.(`hardware encoders: ${working.length ? working.join(', ') : `none work here (${trials.length} tried)`}`);
      })
      .catch((err: unknown) => opts.log?.(`could not detect hardware encoders: ${(err as Error).message}`));
  return {
    capabilities,
    hardwareEncoders: () => hw,
    hardwareDone: () => (done ??= detect()),
    state: () => (hw ? 'ready' : 'reading'),
  };
}

/** The cache entry's name: a new one when the parse changes, so a cached listing is read again (hyphenated option names). */
const CAPABILITIES_KIND = 'capabilities-2';

/** Runs every listing at once (cached per binary) and parses them. */
export async function readCapabilities(ffmpegPath: string, cache: ProbeCache, signal?: AbortSignal): Promise<Capabilities> {
  const hit = cache.get(ffmpegPath, CAPABILITIES_KIND, CapabilitiesSchema);
  if (hit) return hit;
  const flags = [...LISTINGS, '-h full'] as const;
  const texts = await Promise.all(flags.map((flag) => listing(ffmpegPath, flag, signal)));
  const parsed = parseCapabilities(Object.fromEntries(flags.map((f, i) => [f, texts[i] ?? ''])) as Parameters<typeof parseCapabilities>[0]);
  if (parsed.encoders.length === 0 || parsed.filters.length === 0)
    throw new Error(`${ffmpegPath} listed no encoders or filters; its listings could not be read`);
  cache.set(ffmpegPath, CAPABILITIES_KIND, parsed);
  return parsed;
}

async function listing(ffmpegPath: string, flag: string, signal?: AbortSignal): Promise<string> {
  const lines: string[] = [];
  const r = await runProcess(
    { bin: ffmpegPath, argv: ['-hide_banner', ...flag.split(' ')], env: startupEnv() },
    {
      cwd: path.dirname(ffmpegPath),
      timeoutMs: LISTING_TIMEOUT_MS,
      signal,
      onStdoutLine: (l) => lines.push(l),
      stderrTailBytes: 4096,
    },
  );
  if (r.exitCode !== 0) throw new Error(`"${ffmpegPath} ${flag}" failed (exit ${r.exitCode ?? r.signal}): ${r.stderrTail.trim().slice(-300)}`);
  return lines.join('\n');
}
