import type { Template } from './templates';

/**
 * GPU versions of the templates that encode H.264 with libx264. The first working encoder
 * in this order is used; VAAPI is left out because it needs its frames uploaded to the GPU
 * inside the filter graph, which would change every template's graph.
 */
const PREFERRED = ['h264_nvenc', 'h264_videotoolbox', 'h264_qsv', 'h264_amf'] as const;
type GpuEncoder = (typeof PREFERRED)[number];

/** What replaces `-c:v libx264 -preset veryfast -pix_fmt yuv420p` (hardware encoders take no x264 preset). */
const ENCODER_ARGS: Record<GpuEncoder, string> = {
  h264_nvenc: '-c:v h264_nvenc -pix_fmt yuv420p',
  h264_videotoolbox: '-c:v h264_videotoolbox -pix_fmt yuv420p',
  h264_qsv: '-c:v h264_qsv -pix_fmt nv12',
  h264_amf: '-c:v h264_amf -pix_fmt yuv420p',
};

const X264 = /-c:v libx264 -preset \w+ -pix_fmt yuv420p/g;

export function encodesWithX264(t: Template): boolean {
  return t.steps.some((s) => /-c:v libx264\b/.test(s));
}

/** The GPU encoder templates will use, or null when none works here. */
export function pickGpuEncoder(working: string[]): GpuEncoder | null {
  return PREFERRED.find((e) => working.includes(e)) ?? null;
}

/**
 * The template with its H.264 encodes on `encoder`: x264-only options go (`-crf` becomes a
 * bitrate, which every hardware encoder takes; `-tune stillimage` is dropped).
 */
export function gpuVariant(t: Template, encoder: GpuEncoder): Template {
  const steps = t.steps.map((s) =>
    s
      .replace(X264, ENCODER_ARGS[encoder])
      .replace(/ -crf \d+/g, ' -b:v 4M')
      .replace(/ -tune stillimage/g, ''),
  );
  return { ...t, id: `${t.id}-${encoder}`, title: `${t.title} (GPU: ${encoder})`, steps };
}

/** The gallery's one note about how its H.264 templates encode (once, not on every card). */
export function encodingNote(templates: readonly Template[], encoder: GpuEncoder | null, state: 'detecting' | 'done' | 'unknown'): string | null {
  if (!templates.some(encodesWithX264)) return null;
  if (encoder) return null; // each H.264 card offers a GPU button instead
  if (state === 'detecting') return 'Checking for a GPU encoder…';
  return 'Templates that encode H.264 use software encoding (libx264): no working GPU encoder was found on this machine.';
}
