import fs from 'node:fs/promises';
import path from 'node:path';
import type { FactCache } from './fact-cache';
import type { Tools } from './compute';
import { runConfined } from './run-confined';
import type { Progress } from '../media/progress';
import type { StreamFacts } from './stream-facts';
import { MP4_AUDIO, playsInMp4 } from './playability';
import { soundArgv, soundFile, soundState } from './sound';
import type { AudioTrackFacts } from '../media/tracks';

/** What `proxy.json` keeps once a proxy was made or could not be. */
export interface ProxyState {
  status: 'READY' | 'FAILED';
  reason: string;
  error?: string;
}

export const PROXY_FILE = 'proxy.mp4';
export const PROXY_STATE = 'proxy.json';
/** The original's streams copied into MP4, played while the proxy is made (docs/api.md, "File facts"). */
export const QUICK_FILE = 'quick.mp4';
const PROXY_HEIGHT = 720;
/** How long a quick look stays once its proxy is ready: a player on it switches at its next poll. */
export const QUICK_KEEP_MS = 60_000;

/** Whether a stream copy of the file into MP4 plays in Chromium (not for HEVC, ProRes, 10-bit H.264…). Pure. */
export const hasQuickLook = (facts: StreamFacts): boolean => facts.videoIndex !== null && playsInMp4(facts.video);

/** Whether the quick look carries the first audio track: MP4 holds it and Chromium plays it (else the clip view plays it from its sound file). Pure. */
export const quickHasSound = (facts: StreamFacts): boolean => facts.audioIndex !== null && MP4_AUDIO.has(facts.audio?.codec_name ?? '');

/**
 * ffmpeg arguments that copy a file's first video stream (and its first audio stream, where MP4
 * holds it and Chromium plays it) into MP4 without re-encoding (for a file with hasQuickLook). A
 * copy reads the file once and decodes nothing, so an editor sees the picture in seconds; frame
 * steps on it decode from the keyframe before, which is why the proxy is still made (docs/gui.md,
 * "Proxies"). Each frame keeps its time, counted from the container's start as the proxy's are. Pure.
 */
export function quickArgv(input: string, facts: StreamFacts, output: string): string[] {
  const argv = ['-v', 'error', '-nostdin', '-i', input, '-map', `0:${facts.videoIndex}`, '-c:v', 'copy'];
  if (quickHasSound(facts)) argv.push('-map', `0:${facts.audioIndex}`, '-c:a', 'copy');
  argv.push('-sn', '-dn', '-map_metadata', '-1', '-f', 'mp4', '-y', output);
  return argv;
}

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
 * once per file; the state is kept with the file's other facts. Where a stream copy of the file
 * plays in Chromium, that quick look is made first, on its own one-at-a-time queue (it reads the
 * file once and decodes nothing), so the clip view shows the picture while the proxy waits its
 * turn and is made; it is removed a while after the proxy is ready.
 */
export function createProxyMaker(cache: FactCache, toolsOf: () => Tools, log: (m: string) => void) {
  const proxies = oneAtATime();
  /** How far the proxy being made has got (ffmpeg's `-progress` over the source's duration), by file. */
  const progress = new Map<string, Progress>();
  /** Quick looks, one at a time too (each is a copy of a whole file), on their own line: none waits for a proxy. */
  const quicks = oneAtATime();

  /** One sandboxed ffmpeg run into a fresh work folder, its output renamed into the file's facts. */
  async function runInto(
    fileId: string,
    input: string,
    name: string,
    argv: (out: string) => string[],
    o: { timeoutMs: number; what: string; progress?: Parameters<typeof runConfined>[0]['progress'] },
  ): Promise<void> {
    const tools = toolsOf();
    cache.countRun(name);
    const work = await cache.workDir(fileId);
    try {
      const out = path.join(work, name);
      await runConfined({ confiner: tools.confiner, signal: tools.signal, bin: tools.ffmpegPath, argv: argv(out), input, workDir: work, ...o });
      await fs.rename(out, cache.pathOf(fileId, name));
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /** The quick look, unless there is one already (made before a restart) or a copy would not play. */
  async function makeQuick(fileId: string, input: string, facts: StreamFacts): Promise<void> {
    if (!hasQuickLook(facts) || (await cache.modifiedAt(fileId, QUICK_FILE)) !== null) return;
    try {
      // A copy is as large as the file: made only where the disk keeps twice that free.
      const dir = cache.dirOf(fileId);
      await fs.mkdir(dir, { recursive: true });
      const [{ size }, disk] = await Promise.all([fs.stat(input), fs.statfs(dir)]);
      if (disk.bavail * disk.bsize < 2 * size) {
        log(`no quick look of ${fileId}: the disk has less than twice its ${size} bytes free`);
        return;
      }
      // A copy is bound by the disk: a generous deadline, still far under the proxy's.
      const timeoutMs = Math.max(300, facts.duration / 2) * 1000;
      await runInto(fileId, input, QUICK_FILE, (out) => quickArgv(input, facts, out), { timeoutMs, what: 'Copying the file for a quick look' });
    } catch (err) {
      // Only the wait for the proxy is longer without it.
      if (!toolsOf().signal.aborted) log(`quick look of ${fileId} failed: ${(err as Error).message}`);
    }
  }

  async function make(fileId: string, input: string, facts: StreamFacts, reason: string): Promise<void> {
    const tools = toolsOf();
    try {
      const timeoutMs = Math.max(900, 3 * facts.duration) * 1000;
      await runInto(fileId, input, PROXY_FILE, (out) => proxyArgv(input, facts, out), {
        timeoutMs,
        what: 'Making the proxy',
        progress: { durationSeconds: facts.duration, onProgress: (p) => progress.set(fileId, p) },
      });
      await cache.writeJson(fileId, PROXY_STATE, { status: 'READY', reason } satisfies ProxyState);
    } catch (err) {
      if (tools.signal.aborted) return; // stopping: the next start makes it again
      log(`proxy of ${fileId} failed: ${(err as Error).message}`);
      await cache.writeJson(fileId, PROXY_STATE, { status: 'FAILED', reason, error: (err as Error).message } satisfies ProxyState);
    } finally {
      progress.delete(fileId);
    }
    setTimeout(() => void removeQuick(cache, fileId), QUICK_KEEP_MS).unref();
  }

  /** Sounds of audio tracks, by `<file>/<track>`: one at a time, on their own line. */
  const sounds = oneAtATime();

  async function makeSound(fileId: string, input: string, track: AudioTrackFacts, duration: number): Promise<void> {
    try {
      // A copy or an AAC encode of one track: far quicker than real time, still a whole read of the file.
      const timeoutMs = Math.max(300, duration) * 1000;
      await runInto(fileId, input, soundFile(track.track), (out) => soundArgv(input, track, out), { timeoutMs, what: `Reading audio track ${track.track}` });
    } catch (err) {
      if (toolsOf().signal.aborted) return;
      log(`audio track ${track.track} of ${fileId} failed: ${(err as Error).message}`);
      await cache.writeJson(fileId, soundState(track.track), { status: 'FAILED', error: (err as Error).message });
    }
  }

  return {
    isPending: (fileId: string) => proxies.has(fileId),
    /** Queues the sound of one audio track (sound.ts) unless it is already queued or being made. */
    startSound(fileId: string, input: string, track: AudioTrackFacts, duration: number): void {
      void sounds.add(`${fileId}/${track.track}`, () => makeSound(fileId, input, track, duration));
    },
    /** The progress of a proxy being made now; undefined while it waits its turn or once it ended. */
    progressOf: (fileId: string): Progress | undefined => progress.get(fileId),
    /** Queues the proxy of a file unless it is already queued or being made, after its quick look (on that queue). */
    start(fileId: string, input: string, facts: StreamFacts, reason: string): void {
      if (proxies.has(fileId)) return;
      const quick = quicks.add(fileId, () => makeQuick(fileId, input, facts));
      void proxies.add(fileId, () => make(fileId, input, facts, reason), quick);
    },
    /** Resolves once every queued quick look, proxy and sound has ended (after an abort, soon). */
    idle: () => Promise.all([quicks.idle(), proxies.idle(), sounds.idle()]).then(() => undefined),
  };
}

export type ProxyMaker = ReturnType<typeof createProxyMaker>;

/**
 * Jobs run one after another, each key queued or running at most once: the proxies, the quick
 * looks and the sounds each have one such line. `add` runs `run` once the jobs before it and
 * `after` have ended, and answers the existing job for a key already queued.
 */
function oneAtATime() {
  const jobs = new Map<string, Promise<void>>();
  let tail: Promise<unknown> = Promise.resolve();
  return {
    has: (key: string) => jobs.has(key),
    add(key: string, run: () => Promise<void>, after: Promise<unknown> = Promise.resolve()): Promise<void> {
      const queued = jobs.get(key);
      if (queued) return queued;
      const job = Promise.all([tail, after])
        .then(run)
        .finally(() => jobs.delete(key));
      tail = job.catch(() => undefined);
      jobs.set(key, job);
      return job;
    },
    idle: () => tail,
  };
}

/** A file's quick look, gone once its proxy plays (file-facts.ts removes one a restart left behind). */
export async function removeQuick(cache: FactCache, fileId: string): Promise<void> {
  await fs.rm(cache.pathOf(fileId, QUICK_FILE), { force: true }).catch(() => undefined);
}
