import { selectBinaries, type MediaBinaries } from './binaries';
import { createBuildFacts, type BuildFacts } from './build-facts';
import type { ProbeCache } from './probe-cache';
import type { BackgroundTasks } from '../work/background';

/**
 * The chosen ffmpeg and ffprobe and what that build can do. Choosing runs every candidate
 * binary, which is async, so both are known only once `start()` has run; asking earlier is a
 * programming error and throws.
 */
export interface Media {
  binaries(): MediaBinaries;
  facts(): BuildFacts;
}

export interface MediaModule extends Media {
  /** Chooses the binaries (their -version answers are cached across restarts). */
  start(): Promise<void>;
  /** Once the service listens: the capability listings and hardware trials, in the background (cached by binary). */
  readFactsInBackground(): void;
}

export function createMedia(deps: { probeCache: ProbeCache; tasks: Pick<BackgroundTasks, 'run' | 'signal'>; log(msg: string): void }): MediaModule {
  let chosen: MediaBinaries | null = null;
  let facts: BuildFacts | null = null;
  return {
    binaries() {
      if (!chosen) throw new Error('ffmpeg and ffprobe are chosen when the service starts: start() has not run yet');
      return chosen;
    },
    facts() {
      if (!facts) throw new Error('the ffmpeg build facts are read when the service starts: start() has not run yet');
      return facts;
    },
    async start() {
      const m = await selectBinaries({ cache: deps.probeCache });
      chosen = m;
      deps.log(`ffmpeg: ${m.ffmpegPath} (${m.ffmpeg.reason}); ffprobe: ${m.ffprobePath} (${m.ffprobe.reason})`);
      const f = createBuildFacts({ ffmpegPath: m.ffmpegPath, cache: deps.probeCache, signal: deps.tasks.signal, log: deps.log });
      facts = f;
    },
    readFactsInBackground() {
      const f = facts;
      if (f) deps.tasks.run('ffmpeg capabilities', () => f.hardwareDone()); // stop() waits for the test encodes
    },
  };
}
