import fs from 'node:fs';
import path from 'node:path';
import { probeFile, type ProbeResult } from '../media/probe';
import type { Confiner } from '../media/confine';
import { createPacketTally } from './keyframe-lines';
import { createPeakCounter, planSprite, planWaveform, spriteFilter, type SpritePlan } from './timeline-plan';
import { runConfined } from './run-confined';
import type { StreamFacts } from './stream-facts';
import { loudnessArgv, parseLoudnorm, type LoudnessMeasure } from './loudness';
import { createSilenceReader, silencesArgv, type Silence } from './silences';
import type { WaveformFacts } from './fact-values';

export interface Tools {
  confiner: Confiner;
  ffmpegPath: string;
  ffprobePath: string;
  signal: AbortSignal;
}

const PROBE_TIMEOUT_MS = 60_000;
const KEYFRAMES_TIMEOUT_MS = 300_000;
const TIMELINE_TIMEOUT_MS = 600_000;

export function probe(tools: Tools, input: string): Promise<ProbeResult> {
  return probeFile(tools.ffprobePath, input, { confiner: tools.confiner, signal: tools.signal, timeoutMs: PROBE_TIMEOUT_MS });
}

/** Key packet times of one video stream, and whether its GOPs are open: packets are read, never decoded (seconds for a 2-hour film). */
export async function readKeyframes(
  tools: Tools,
  input: string,
  stream: string,
): Promise<{ keyframes: number[]; hasOpenGop: boolean; frameRate: number | null }> {
  const tally = createPacketTally();
  await runConfined({
    confiner: tools.confiner,
    bin: tools.ffprobePath,
    argv: ['-v', 'error', '-select_streams', stream, '-show_entries', 'packet=pts_time,flags', '-of', 'compact=p=0', input],
    input,
    timeoutMs: KEYFRAMES_TIMEOUT_MS,
    signal: tools.signal,
    onStdoutLine: tally.line,
    what: 'Reading the keyframes',
  });
  return tally.result();
}

/** The thumbnail sprite from key frames only (`-skip_frame nokey`): no full decode. */
export async function makeSprite(tools: Tools, input: string, facts: StreamFacts, workDir: string): Promise<{ plan: SpritePlan; file: string }> {
  const plan = planSprite(facts.duration, facts.width, facts.height);
  const file = path.join(workDir, 'sprite.jpg');
  const argv = ['-v', 'error', '-nostdin', '-skip_frame', 'nokey', '-i', input, '-map', `0:${facts.videoIndex}`, '-an', '-sn', '-dn'];
  argv.push('-vf', spriteFilter(plan), '-frames:v', '1', '-q:v', '5', '-f', 'image2', '-update', '1', '-y', file);
  await runConfined({
    confiner: tools.confiner,
    bin: tools.ffmpegPath,
    argv,
    input,
    workDir,
    timeoutMs: TIMELINE_TIMEOUT_MS,
    signal: tools.signal,
    what: 'Making the thumbnails',
  });
  return { plan, file };
}

/** Peaks of the first audio stream: decoded to low-rate mono PCM in the work folder, read in chunks. */
/** The peaks of one audio stream (`map`: `0:<index>`, or `0:a:<n>` for the n-th audio track, 0-based) mixed to mono. */
export async function makeWaveform(tools: Tools, input: string, facts: StreamFacts, workDir: string, map = `0:${facts.audioIndex}`): Promise<WaveformFacts> {
  const plan = planWaveform(facts.duration);
  const pcm = path.join(workDir, 'wave.pcm');
  const argv = ['-v', 'error', '-nostdin', '-i', input, '-map', map, '-vn', '-sn', '-dn'];
  argv.push('-ac', '1', '-ar', String(plan.sampleRate), '-f', 's16le', '-y', pcm);
  await runConfined({
    confiner: tools.confiner,
    bin: tools.ffmpegPath,
    argv,
    input,
    workDir,
    timeoutMs: TIMELINE_TIMEOUT_MS,
    signal: tools.signal,
    what: 'Reading the audio',
  });
  const counter = createPeakCounter(plan);
  for await (const chunk of fs.createReadStream(pcm, { highWaterMark: 256 * 1024 })) counter.push(chunk as Buffer);
  return { peaks: counter.peaks(), peaksPerSecond: Math.round(plan.peaksPerSecond * 1e6) / 1e6 };
}

/** loudnorm's measurement of one audio track (the first of two passes): the whole track is decoded, nothing is written. */
export async function measureLoudness(tools: Tools, input: string, track: number): Promise<LoudnessMeasure> {
  const { stderrTail } = await runConfined({
    confiner: tools.confiner,
    bin: tools.ffmpegPath,
    argv: loudnessArgv(input, track),
    input,
    timeoutMs: TIMELINE_TIMEOUT_MS,
    signal: tools.signal,
    what: 'Measuring the loudness',
  });
  const measured = parseLoudnorm(stderrTail);
  if (!measured) throw new Error('Measuring the loudness gave no value (a silent track?)');
  return measured;
}

/**
 * The silences of one audio track (silences.ts): the whole track is decoded, nothing is written.
 * Read line by line as ffmpeg prints them: a long recording has more edges than the stderr tail holds.
 */
export async function detectSilences(tools: Tools, input: string, track: number, noiseDb: number, minSeconds: number, duration: number): Promise<Silence[]> {
  const reader = createSilenceReader(duration);
  await runConfined({
    confiner: tools.confiner,
    bin: tools.ffmpegPath,
    argv: silencesArgv(input, track, noiseDb, minSeconds),
    input,
    timeoutMs: TIMELINE_TIMEOUT_MS,
    signal: tools.signal,
    onStderrLine: reader.line,
    what: 'Finding the silences',
  });
  return reader.result();
}
