import fs from 'node:fs/promises';
import path from 'node:path';
import type { FilesRepo } from '../files/files-repo';
import type { StoredFile } from '../files/stored-file';
import type { BlobStore } from '../storage/blob-store';
import type {
  CachedTimeline,
  KeyframeFacts,
  LoudnessFacts,
  ProxyFacts,
  SilenceFacts,
  SoundFacts,
  SpriteFacts,
  SubtitleTextFacts,
  TimelineFacts,
} from './fact-values';
import { ConflictError, NotFoundError } from '../errors';
import { isFolderBlob } from '../files/storage-access';
import { detectSilences, makeSprite, makeWaveform, measureLoudness, probe, readKeyframes, type Tools } from './compute';
import type { ProbeResult } from '../media/probe-schema';
import type { FactCache } from './fact-cache';
import { playabilityOf } from './playability';
import { PROXY_FILE, PROXY_STATE, QUICK_FILE, QUICK_KEEP_MS, quickHasSound, removeQuick, type ProxyMaker, type ProxyState } from './proxy';
import { fromStart, rate, streamFactsOf, type StreamFacts } from './stream-facts';
import { assertTrack, soundFile, soundState } from './sound';
import { audioTracksOf, noSuchTrack, subtitleTracksOf } from '../media/tracks';
import { makeSubtitleText, subtitlesFile } from './subtitle-text';
import { smartCopyRefusal } from './smart-source';
import { ratesDisagree } from '../media/media-fields';

export const SPRITE_FILE = 'sprite.jpg';

export interface FileFactsDeps {
  files: FilesRepo;
  blobs: BlobStore;
  cache: FactCache;
  proxies: ProxyMaker;
  tools: () => Tools;
  /** A signed URL of a cached image or proxy of the file. */
  signedUrl(fileId: string, name: string): string;
}

/** The clip view's facts about a stored file (docs/api.md, "File facts"), each computed once and cached. */
export function createFileFacts(deps: FileFactsDeps) {
  const { cache } = deps;

  function storedRow(accountId: string, fileId: string): StoredFile {
    const row = deps.files.get(accountId, fileId);
    if (!row || row.isDeleted) throw new NotFoundError('File not found');
    if (row.status !== 'STORED' || !row.blobKey) throw new ConflictError(`The file is not stored yet (status ${row.status})`);
    if (isFolderBlob(row)) throw new ConflictError('A playlist is not one media file: open one of its renditions instead');
    return row;
  }

  function inputOf(row: StoredFile): string {
    const input = deps.blobs.localPath(row.blobKey as string);
    if (!input) throw new ConflictError('The file is not on this machine');
    return input;
  }

  const probedOf = (row: StoredFile, input: string) => computed(row, input, () => cache.once(row.id, 'probe.json', () => probe(deps.tools(), input)));

  /** The stored file, its path and its (cached) probe, read once per request. */
  async function source(accountId: string, fileId: string): Promise<{ row: StoredFile; input: string; probed: ProbeResult; facts: StreamFacts }> {
    const row = storedRow(accountId, fileId);
    const input = inputOf(row);
    const probed = await probedOf(row, input);
    return { row, input, probed, facts: streamFactsOf(probed) };
  }

  async function keyframes(accountId: string, fileId: string): Promise<KeyframeFacts> {
    const row = storedRow(accountId, fileId);
    const input = inputOf(row);
    return computed(row, input, () =>
      cache.once(row.id, 'keyframes.json', async () => {
        // The packets of the first video stream are read while the file is probed (a cover picture, which the probe
        // tells apart, is dropped after): the first answer takes one ffprobe run's time, not two.
        const packets = readKeyframes(deps.tools(), input, 'v:0');
        packets.catch(() => undefined); // awaited below; a failed probe must not leave it unhandled
        const probed = await probedOf(row, input);
        const facts = streamFactsOf(probed);
        const first = await packets;
        const read =
          facts.videoIndex === null || facts.videoIndex === facts.firstVideoIndex ? first : await readKeyframes(deps.tools(), input, String(facts.videoIndex));
        const video = facts.videoIndex === null ? undefined : probed.streams?.find((s) => Number(s.index) === facts.videoIndex);
        return {
          fileId: row.id,
          duration: facts.duration,
          frameRate: frameRateOf(facts, read.frameRate),
          timeBase: facts.timeBase,
          hasVideo: facts.videoIndex !== null,
          hasAudio: facts.audioIndex !== null,
          keyframes: facts.videoIndex === null ? [] : fromStart(read.keyframes, facts.startTime),
          smartCutRefusal: video
            ? smartCopyRefusal({
                codec: video.codec_name ?? '',
                fieldOrder: typeof video.field_order === 'string' ? video.field_order : undefined,
                hasOpenGop: read.hasOpenGop,
              })
            : null,
          audioTracks: audioTracksOf(probed),
          subtitleTracks: subtitleTracksOf(probed),
        };
      }),
    );
  }

  /** The sprite and the waveform of audio track `track` (1-based; the first is cached with the sprite, each other as `waveform-a<track>.json`). */
  async function timeline(accountId: string, fileId: string, track = 1): Promise<TimelineFacts> {
    const { row, input, probed, facts } = await source(accountId, fileId);
    if (track > 1) assertTrack(audioTracksOf(probed).length, track);
    const t = await computed(row, input, () => cache.once<CachedTimeline>(row.id, 'timeline.json', () => makeTimeline(row.id, input, facts)));
    const waveform =
      track === 1
        ? t.waveform
        : await computed(row, input, () => cache.once(row.id, `waveform-a${track}.json`, () => trackWaveform(row.id, input, facts, track)));
    return { ...t, waveform, thumbnails: t.thumbnails ? { url: deps.signedUrl(row.id, SPRITE_FILE), ...t.thumbnails } : null };
  }

  async function trackWaveform(fileId: string, input: string, facts: StreamFacts, track: number) {
    const work = await cache.workDir(fileId);
    try {
      return await makeWaveform(deps.tools(), input, facts, work, `0:a:${track - 1}`);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  async function makeTimeline(fileId: string, input: string, facts: StreamFacts): Promise<CachedTimeline> {
    const work = await cache.workDir(fileId);
    try {
      // Pictures and sound side by side: each is one ffmpeg process, mostly on one core.
      const [thumbnails, waveform] = await Promise.all([
        facts.videoIndex === null ? null : spriteOf(fileId, input, facts, work),
        facts.audioIndex === null ? null : makeWaveform(deps.tools(), input, facts, work),
      ]);
      return { fileId, duration: facts.duration, thumbnails, waveform };
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  async function spriteOf(fileId: string, input: string, facts: StreamFacts, work: string): Promise<SpriteFacts> {
    const { plan, file } = await makeSprite(deps.tools(), input, facts, work);
    await fs.rename(file, cache.pathOf(fileId, SPRITE_FILE));
    const { count, columns, rows, tileWidth, tileHeight, intervalSeconds } = plan;
    return { columns, rows, tileWidth, tileHeight, count, intervalSeconds: Math.round(intervalSeconds * 1e6) / 1e6 };
  }

  async function proxy(accountId: string, fileId: string): Promise<ProxyFacts> {
    const { row, input, facts } = await source(accountId, fileId);
    const verdict = playabilityOf(facts, row.filename);
    if (verdict.playable) return { status: 'NOT_NEEDED' };
    const state = await cache.readJson<ProxyState>(row.id, PROXY_STATE);
    if (state?.status === 'FAILED') return { status: 'FAILED', reason: `${state.reason}; the proxy could not be made: ${state.error ?? 'unknown error'}` };
    const made = state?.status === 'READY' ? await cache.modifiedAt(row.id, PROXY_FILE) : null;
    if (state && made !== null) {
      // A quick look a restart left behind, once no player can still be on it.
      if (!deps.proxies.isPending(row.id) && Date.now() - made > QUICK_KEEP_MS) await removeQuick(cache, row.id);
      return { status: 'READY', url: deps.signedUrl(row.id, PROXY_FILE), reason: state.reason };
    }
    deps.proxies.start(row.id, input, facts, verdict.reason);
    const p = deps.proxies.progressOf(row.id);
    const quick =
      (await cache.modifiedAt(row.id, QUICK_FILE)) !== null ? { quickUrl: deps.signedUrl(row.id, QUICK_FILE), quickHasSound: quickHasSound(facts) } : {};
    return { status: 'PENDING', reason: verdict.reason, ...quick, ...(p ? { percent: p.percent, etaSeconds: p.eta_seconds } : {}) };
  }

  /** The first pass of a two-pass loudness normalisation, per audio track (cached as `loudness-a<track>.json`). */
  async function loudness(accountId: string, fileId: string, track: number): Promise<LoudnessFacts> {
    const { row, input, probed } = await source(accountId, fileId);
    assertTrack(audioTracksOf(probed).length, track);
    const measured = await computed(row, input, () => cache.once(row.id, `loudness-a${track}.json`, () => measureLoudness(deps.tools(), input, track)));
    return { fileId: row.id, audioTrack: track, measure: measured };
  }

  /** Where one audio track is silent, per track, level and length (cached as `silences-a<track>-n<noise>-d<min>.json`). */
  async function silences(accountId: string, fileId: string, track: number, noiseDb: number, minSeconds: number): Promise<SilenceFacts> {
    const { row, input, probed, facts } = await source(accountId, fileId);
    assertTrack(audioTracksOf(probed).length, track);
    const name = `silences-a${track}-n${noiseDb}-d${minSeconds}.json`;
    const found = await computed(row, input, () =>
      cache.once(row.id, name, () => detectSilences(deps.tools(), input, track, noiseDb, minSeconds, facts.duration)),
    );
    return { fileId: row.id, audioTrack: track, noiseDb, minSeconds, duration: facts.duration, silences: found };
  }

  /** One audio track's sound to listen to beside the picture (sound.ts), made in the background once per file and track. */
  async function sound(accountId: string, fileId: string, track: number): Promise<SoundFacts> {
    const { row, input, probed, facts } = await source(accountId, fileId);
    const tracks = audioTracksOf(probed);
    assertTrack(tracks.length, track);
    const base = { fileId: row.id, audioTrack: track };
    if ((await cache.modifiedAt(row.id, soundFile(track))) !== null) return { ...base, status: 'READY', url: deps.signedUrl(row.id, soundFile(track)) };
    const failed = await cache.readJson<{ error: string }>(row.id, soundState(track));
    if (failed) return { ...base, status: 'FAILED', reason: `The sound of audio track ${track} could not be made: ${failed.error}` };
    deps.proxies.startSound(row.id, input, tracks[track - 1] as (typeof tracks)[number], facts.duration);
    return { ...base, status: 'PENDING' };
  }

  /** One text subtitle track as WebVTT, for the player (subtitle-text.ts): made once per file and track. */
  async function subtitles(accountId: string, fileId: string, track: number): Promise<SubtitleTextFacts> {
    const { row, input, probed } = await source(accountId, fileId);
    const tracks = subtitleTracksOf(probed);
    const t = tracks[track - 1];
    if (!t) throw new ConflictError(noSuchTrack('file', 'subtitle', tracks.length, track));
    if (t.isPicture) throw new ConflictError(`Subtitle track ${track} (${t.codec}) is made of pictures, which the player does not show`);
    await computed(row, input, () =>
      cache.once(row.id, `subs${track}.json`, async () => {
        const work = await cache.workDir(row.id);
        try {
          await fs.rename(await makeSubtitleText(deps.tools(), input, track, work), cache.pathOf(row.id, subtitlesFile(track)));
          return { made: true };
        } finally {
          await fs.rm(work, { recursive: true, force: true });
        }
      }),
    );
    return { fileId: row.id, subtitleTrack: track, url: deps.signedUrl(row.id, subtitlesFile(track)) };
  }

  return { keyframes, timeline, proxy, loudness, silences, sound, subtitles };
}

export type FileFacts = ReturnType<typeof createFileFacts>;

/**
 * ffmpeg or ffprobe could not read the file: a 409 naming what failed (never a 500 for bad media),
 * in the file's own name: the blob's path inside the data folder is the service's business, and
 * the Cut screen showed "/…/blobs/86/864eae…: Invalid data found" to the editor.
 */
async function computed<T>(row: { filename: string }, input: string, compute: () => Promise<T>): Promise<T> {
  try {
    return await compute();
  } catch (err) {
    if (err instanceof ConflictError || err instanceof NotFoundError) throw err;
    if ((err as Error).name === 'AbortError') throw err;
    const message = (err as Error).message.split(input).join(row.filename).split(path.basename(input)).join(row.filename);
    throw new ConflictError(`${row.filename} could not be read: ${message}`, { cause: err });
  }
}

/**
 * The clip view's frame rate: the stream's average, unless it disagrees with r_frame_rate (what
 * ffprobe takes as variable) and the frames' own spacing says otherwise. A smart cut's output read
 * 29.326 where its frames are 1001/30000 s apart: timecodes and frame steps drifted on it.
 */
function frameRateOf(facts: StreamFacts, shown: number | null): number | null {
  const r = rate(facts.video?.r_frame_rate);
  if (facts.frameRate === null || shown === null || r === null || !ratesDisagree(r, facts.frameRate)) return facts.frameRate;
  return shown;
}
