import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { CodecEntry } from './capabilities';
import type { HwApiSchema, HwEncoderTrialSchema } from '../contract/capabilities.schema';
import { runProcess } from './run-process';
import { startupEnv } from './startup-env';

export type HwApi = z.infer<typeof HwApiSchema>;
export type HwEncoderTrial = z.infer<typeof HwEncoderTrialSchema>;

const APIS: HwApi[] = ['nvenc', 'qsv', 'vaapi', 'videotoolbox', 'amf'];
const CODECS = ['h264', 'hevc', 'av1'];
const TRIAL_TIMEOUT_MS = 20_000;

/** The hardware encoders a build lists that FFDesk offers (H.264, HEVC, AV1 on the five APIs). */
export function hardwareEncodersListed(encoders: CodecEntry[]): { encoder: string; api: HwApi; codec: string }[] {
  const out: { encoder: string; api: HwApi; codec: string }[] = [];
  for (const e of encoders) {
    const m = /^([a-z0-9]+)_([a-z]+)$/.exec(e.name);
    const api = APIS.find((a) => a === m?.[2]);
    if (m?.[1] && api && CODECS.includes(m[1])) out.push({ encoder: e.name, api, codec: m[1] });
  }
  return out;
}

/**
 * The argv of a tiny test encode (two black 256x144 frames, thrown away). Being listed only
 * means the build was compiled with the API; this proves the driver and device work here.
 * VAAPI needs frames uploaded to a render node; the others take ordinary frames.
 */
export function trialArgv(encoder: string, api: HwApi, renderNode: string | null): string[] {
  const src = ['-hide_banner', '-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=256x144:r=10:d=0.2'];
  const hw =
    api === 'vaapi' ? ['-vaapi_device', renderNode ?? '/dev/dri/renderD128', '-vf', 'format=nv12,hwupload'] : ['-pix_fmt', api === 'qsv' ? 'nv12' : 'yuv420p'];
  return [...src, ...hw, '-frames:v', '2', '-c:v', encoder, '-f', 'null', '-'];
}

/** The first /dev/dri/renderD* node, or null (then VAAPI cannot work). */
export function findRenderNode(dir = '/dev/dri'): string | null {
  try {
    const node = fs
      .readdirSync(dir)
      .filter((n) => n.startsWith('renderD'))
      .sort()[0];
    return node ? path.join(dir, node) : null;
  } catch {
    return null;
  }
}

/** Tries each listed hardware encoder in turn (one at a time: GPU start-up is heavy). */
export async function detectHardwareEncoders(
  ffmpegPath: string,
  encoders: CodecEntry[],
  signal?: AbortSignal,
  renderNode = findRenderNode(),
): Promise<HwEncoderTrial[]> {
  const trials: HwEncoderTrial[] = [];
  for (const { encoder, api, codec } of hardwareEncodersListed(encoders)) {
    signal?.throwIfAborted();
    if (api === 'vaapi' && !renderNode) {
      trials.push({ encoder, api, codec, works: false, detail: 'no /dev/dri/renderD* device on this machine' });
      continue;
    }
    trials.push({ encoder, api, codec, ...(await tryEncoder(ffmpegPath, trialArgv(encoder, api, renderNode), signal)) });
  }
  return trials;
}

async function tryEncoder(ffmpegPath: string, argv: string[], signal?: AbortSignal): Promise<{ works: boolean; detail: string }> {
  try {
    const r = await runProcess(
      { bin: ffmpegPath, argv, env: startupEnv() },
      {
        cwd: path.dirname(ffmpegPath),
        timeoutMs: TRIAL_TIMEOUT_MS,
        signal,
        stderrTailBytes: 4096,
      },
    );
    if (r.exitCode === 0) return { works: true, detail: '' };
    const lines = r.stderrTail.trim().split(/\r?\n/).filter(Boolean);
    const detail = r.timedOut
      ? 'the test encode did not finish in time'
      : (lines.find((l) => /cannot load|not found|no device|failed|error/i.test(l)) ?? lines.at(-1) ?? `exit ${r.exitCode ?? r.signal}`);
    return { works: false, detail: detail.replace(/^\[[^\]]+ @ 0x[0-9a-f]+\]\s*/, '').slice(0, 300) };
  } catch (err) {
    return { works: false, detail: (err as Error).message.slice(0, 300) };
  }
}
