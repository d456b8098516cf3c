import fs from 'node:fs/promises';
import path from 'node:path';
import type { FactCache } from './fact-cache';
import type { Tools } from './compute';
import { runConfined } from './run-confined';
import type { Progress } from '../media/progress';
import type { StreamFacts } from './stream-facts';

/** What `proxy.json` keeps once a proxy was made or could not be. */
export interface ProxyState {
  status: 'READY' | 'FAILED';
  reason: string;
  error?: string;
}

export const PROXY_FILE = 'proxy.mp4';
export const PROXY_STATE = 'proxy.json';
const PROXY_HEIGHT = 720;

/** ffmpeg arguments of a small H.264/AAC MP4 that Chromium plays, keyframes every second for scrubbing, each frame at the source's time. Pure. */
export function proxyArgv(input: string, facts: StreamFacts, output: string): string[] {
  const argv = ['-v', 'error', '-nostdin', '-i', input];
  if (facts.videoIndex !== null) {
    const height = Math.min(PROXY_HEIGHT, 2 * Math.floor((facts.height ?? PROXY_HEIGHT) / 2));
    argv.push('-map', `0:${facts.videoIndex}`, '-vf', `yadif=deint=interlaced,scale=-2:${height},format=yuv420p`);
    argv.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-force_key_frames', 'expr:gte(t,n_forced*1)');
    // Every frame at its own time, in the source's time base: a constant-rate MP4 put a video starting
    // 23 ms after the audio (an MKV, an MPEG-TS) on the grid by repeating its first frame, and the
    // encoder's 1/fps time base rounded 23 ms to 33: either way the player showed each frame one late.
    argv.push('-fps_mode', 'passthrough', '-enc_time_base:v', '-1');
  }
  if (facts.audioIndex !== null) argv.push('-map', `0:${facts.audioIndex}`, '-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  argv.push('-sn', '-dn', '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', '-y', output);
  return argv;
}

/**
 * Makes proxies in the background, one at a time (each is a full decode and encode), at most
 * once per file; the state is kept with the file's other facts.
 */
export function createProxyMaker(cache: FactCache, toolsOf: () => Tools, log: (m: string) => void) {
  const pending = new Map<string, Promise<void>>();
  /** How far the proxy being made has got (ffmpeg's `-progress` over the source's duration), by file. */
  const progress = new Map<string, Progress>();
  let queue: Promise<void> = Promise.resolve();

  async function make(fileId: string, input: string, facts: StreamFacts, reason: string): Promise<void> {
    const tools = toolsOf();
    cache.countRun(PROXY_FILE);
    const work = await cache.workDir(fileId);
    try {
      const out = path.join(work, PROXY_FILE);
      const timeoutMs = Math.max(900, 3 * facts.duration) * 1000;
      await runConfined({
        confiner: tools.confiner,
        signal: tools.signal,
        bin: tools.ffmpegPath,
        argv: proxyArgv(input, facts, out),
        input,
        workDir: work,
        timeoutMs,
        what: 'Making the proxy',
        progress: { durationSeconds: facts.duration, onProgress: (p) => progress.set(fileId, p) },
      });
      await fs.rename(out, cache.pathOf(fileId, PROXY_FILE));
      await cache.writeJson(fileId, PROXY_STATE, { status: 'READY', reason } satisfies ProxyState);
    } catch (err) {
      if (tools.signal.aborted) return; // stopping: the next start makes it again
      log(`proxy of ${fileId} failed: ${(err as Error).message}`);
      await cache.writeJson(fileId, PROXY_STATE, { status: 'FAILED', reason, error: (err as Error).message } satisfies ProxyState);
    } finally {
      progress.delete(fileId);
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  return {
    isPending: (fileId: string) => pending.has(fileId),
    /** The progress of a proxy being made now; undefined while it waits its turn or once it ended. */
    progressOf: (fileId: string): Progress | undefined => progress.get(fileId),
    /** Queues the proxy of a file unless it is already queued or being made. */
    start(fileId: string, input: string, facts: StreamFacts, reason: string): void {
      if (pending.has(fileId)) return;
      const job = queue.then(() => make(fileId, input, facts, reason)).finally(() => pending.delete(fileId));
      queue = job.catch(() => undefined);
      pending.set(fileId, job);
    },
    /** Resolves once every queued proxy has ended (after an abort, soon). */
    idle: () => queue,
  };
}

export type ProxyMaker = ReturnType<typeof createProxyMaker>;
