import { BUILTIN_PRESET_DEFINITIONS, withDefaults } from '../../../../src-service/contract/builtin-presets';
import type { PresetDefinition } from '../../../../src-service/contract/preset-definition';

/**
 * Working examples for the gallery: the service's built-in presets (one definition,
 * src-service/contract/builtin-presets.ts) filled with their defaults. Inputs name the
 * offline-demo samples (docs/gui.md) so they run with no network.
 */
export interface Template {
  id: string;
  title: string;
  description: string;
  /** A short badge (text, not emoji: renders without an emoji font). */
  icon: string;
  inputs: { alias: string; sample: string }[];
  /** Frames zip → video: the whole input is one zip (docs/api.md §4.10 rule 1). */
  zipSample?: string;
  outputs: Record<string, string> | 'OUTPUT_FOLDER';
  steps: string[];
}

/** What only the gallery adds to a built-in: its badge and the name its outputs take in place of `{name}`. */
const GALLERY: Record<string, { icon: string; name?: string }> = {
  gif: { icon: 'GIF', name: 'thumbnail' },
  transcode: { icon: 'MP4', name: 'transcoded' },
  renditions: { icon: '2×' },
  hls: { icon: 'HLS' },
  dash: { icon: 'DASH' },
  subtitles: { icon: 'SRT' },
  slideshow: { icon: 'IMG' },
  watermark: { icon: 'LOGO' },
  'audio-mix': { icon: 'MIX' },
  chained: { icon: '1→3' },
  'frames-zip': { icon: 'ZIP' },
  segmenter: { icon: 'DIR' },
};

/** The demo sample each input alias of the built-ins reads. */
const SAMPLES: Record<string, string> = {
  in_video: 'sample-video.mp4',
  in_srt: 'sample-subtitles.srt',
  in_img_1: 'sample-image.png',
  in_audio_1: 'sample-audio.mp3',
  in_audio_2: 'sample-music.mp3',
  in_logo: 'sample-logo.png',
};

function toTemplate(def: PresetDefinition, gallery: { icon: string; name?: string }): Template {
  const outputName = (pattern: string) =>
    withDefaults(def, pattern, 1)
      .split('{name}')
      .join(gallery.name ?? 'video');
  return {
    id: def.name,
    title: def.title ?? def.name,
    description: def.description ?? '',
    icon: gallery.icon,
    inputs: def.inputs.map((i) => ({ alias: i.alias, sample: SAMPLES[i.alias] ?? `${i.alias}.bin` })),
    ...(def.zip_input ? { zipSample: 'sample-frames.zip' } : {}),
    outputs: def.outputs === 'OUTPUT_FOLDER' ? 'OUTPUT_FOLDER' : Object.fromEntries(Object.entries(def.outputs).map(([a, p]) => [a, outputName(p)])),
    steps: def.steps.map((s) => withDefaults(def, s)),
  };
}

export const TEMPLATES: Template[] = BUILTIN_PRESET_DEFINITIONS.flatMap((def) => {
  const gallery = GALLERY[def.name];
  return gallery ? [toTemplate(def, gallery)] : [];
});
