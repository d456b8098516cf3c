import type { PresetDefinition, PresetParameter } from './preset-definition';

/**
 * The built-in presets, defined once: served read-only by the service (presets/builtin.ts) with
 * typed parameters so scripts, batches and watch folders can use them, and shown by the job
 * builder's gallery filled with their defaults (src-renderer features/job-builder/templates.ts).
 * Filter graphs hold no spaces, so the command text needs no quoting.
 */
const X264 = '-c:v libx264 -preset {{x264_preset}} -pix_fmt yuv420p';
/** A keyframe every 2 s, so HLS/DASH/segment outputs can cut 2-second pieces. */
const KEYFRAMES_2S = '-force_key_frames expr:gte(t,n_forced*2)';
const VIDEO: PresetDefinition['inputs'] = [{ alias: 'in_video', description: 'The source video', kinds: ['video'] }];
const X264_PRESET: Record<string, PresetParameter> = {
  x264_preset: {
    type: 'enum',
    values: ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'],
    default: 'veryfast',
    label: 'Encoding speed',
    description: 'x264 preset: a slower one makes a smaller file of the same quality',
  },
};
const CRF: Record<string, PresetParameter> = {
  crf: {
    type: 'integer',
    default: 23,
    min: 0,
    max: 51,
    label: 'Quality (CRF)',
    description: 'Lower is better and larger: 18 looks as the source, 23 is the usual, 28 makes a small file',
  },
};

const DEFINITIONS: PresetDefinition[] = [
  {
    name: 'gif',
    title: 'GIF thumbnail',
    description: 'The first seconds as a looping GIF with an optimised palette.',
    parameters: {
      duration: { type: 'number', default: 3, min: 0.1, max: 60, label: 'Length (seconds)', description: 'Seconds from the start' },
      width: { type: 'integer', default: 320, min: 16, max: 1920, label: 'Width (pixels)' },
      fps: { type: 'integer', default: 10, min: 1, max: 50, label: 'Frames a second' },
    },
    inputs: VIDEO,
    outputs: { out_1: '{name}.gif' },
    steps: ['-i {{in_video}} -t {{duration}} -vf fps={{fps}},scale={{width}}:-1:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse -loop 0 {{out_1}}'],
  },
  {
    name: 'transcode',
    title: 'Transcode to H.264/AAC',
    description: 'Web-friendly MP4 with fast start.',
    parameters: { ...CRF, ...X264_PRESET, audio_kbps: { type: 'integer', default: 128, min: 32, max: 512, label: 'Sound bitrate (kbit/s)' } },
    inputs: VIDEO,
    outputs: { out_1: '{name}.mp4' },
    steps: [`-i {{in_video}} ${X264} -crf {{crf}} -c:a aac -b:a {{audio_kbps}}k -movflags +faststart {{out_1}}`],
  },
  {
    name: 'renditions',
    title: 'Two renditions, one filter graph',
    description: 'A split filter feeds a large and a small output.',
    parameters: {
      ...X264_PRESET,
      height_1: { type: 'integer', default: 720, min: 16, max: 4320, label: 'First height (lines, 720 = 720p)' },
      height_2: { type: 'integer', default: 360, min: 16, max: 4320, label: 'Second height (lines)' },
    },
    inputs: VIDEO,
    outputs: { out_1: '{name}_{height_1}p.mp4', out_2: '{name}_{height_2}p.mp4' },
    steps: [
      `-i {{in_video}} -filter_complex [0:v]split=2[a][b];[a]scale=-2:{{height_1}}[hd];[b]scale=-2:{{height_2}}[sd] -map [hd] -map 0:a? ${X264} -c:a aac {{out_1}} -map [sd] -map 0:a? ${X264} -c:a aac {{out_2}}`,
    ],
  },
  {
    name: 'hls',
    title: 'HLS stream',
    description: 'An HLS playlist with short segments, streamable as is.',
    parameters: { ...X264_PRESET, segment_seconds: { type: 'integer', default: 2, min: 1, max: 60, label: 'Piece length (seconds)' } },
    inputs: VIDEO,
    outputs: { out_playlist_1: 'index.m3u8' },
    steps: [
      `-i {{in_video}} ${X264} -force_key_frames expr:gte(t,n_forced*{{segment_seconds}}) -c:a aac -f hls -hls_time {{segment_seconds}} -hls_playlist_type vod {{out_playlist_1}}`,
    ],
  },
  {
    name: 'dash',
    title: 'DASH stream',
    description: 'An MPEG-DASH manifest with 2-second segments.',
    parameters: { ...X264_PRESET },
    inputs: VIDEO,
    outputs: { out_playlist_1: 'manifest.mpd' },
    steps: [`-i {{in_video}} ${X264} ${KEYFRAMES_2S} -c:a aac -f dash -seg_duration 2 {{out_playlist_1}}`],
  },
  {
    name: 'subtitles',
    title: 'Burn in subtitles',
    description: 'Renders an SRT file onto the picture.',
    parameters: { ...X264_PRESET },
    inputs: [...VIDEO, { alias: 'in_srt', description: 'The SRT file', kinds: ['subtitles'] }],
    outputs: { out_1: '{name}_subtitled.mp4' },
    steps: [`-i {{in_video}} -vf subtitles={{in_srt}} ${X264} -c:a copy {{out_1}}`],
  },
  {
    name: 'slideshow',
    title: 'Image + audio',
    description: 'A still image for as long as the audio lasts.',
    parameters: { ...X264_PRESET },
    inputs: [
      { alias: 'in_img_1', kinds: ['image'] },
      { alias: 'in_audio_1', kinds: ['audio'] },
    ],
    outputs: { out_1: 'slideshow.mp4' },
    steps: [`-loop 1 -framerate 2 -i {{in_img_1}} -i {{in_audio_1}} ${X264} -tune stillimage -c:a aac -shortest {{out_1}}`],
  },
  {
    name: 'watermark',
    title: 'Watermark overlay',
    description: 'A logo in the top-right corner.',
    parameters: { ...X264_PRESET, margin: { type: 'integer', default: 16, min: 0, max: 1000, label: 'Margin (pixels)' } },
    inputs: [...VIDEO, { alias: 'in_logo', description: 'The logo image', kinds: ['image'] }],
    outputs: { out_1: '{name}_watermarked.mp4' },
    steps: [`-i {{in_video}} -i {{in_logo}} -filter_complex [0:v][1:v]overlay=W-w-{{margin}}:{{margin}} ${X264} -c:a copy {{out_1}}`],
  },
  {
    name: 'audio-mix',
    title: 'Audio mix',
    description: 'Two audio tracks mixed into one AAC file.',
    parameters: { audio_kbps: { type: 'integer', default: 160, min: 32, max: 512, label: 'Sound bitrate (kbit/s)' } },
    inputs: [
      { alias: 'in_audio_1', kinds: ['audio'] },
      { alias: 'in_audio_2', kinds: ['audio'] },
    ],
    outputs: { out_1: 'mix.m4a' },
    steps: ['-i {{in_audio_1}} -i {{in_audio_2}} -filter_complex amix=inputs=2:duration=longest -c:a aac -b:a {{audio_kbps}}k {{out_1}}'],
  },
  {
    name: 'chained',
    title: 'Thumbnail + GIF (chained)',
    description: 'Step 1 cuts a clip; steps 2 and 3 read it for a JPEG and a GIF.',
    parameters: { ...X264_PRESET, duration: { type: 'number', default: 3, min: 0.1, max: 600, label: 'Length (seconds)' } },
    inputs: VIDEO,
    outputs: { out_1: '{name}_clip.mp4', out_2: '{name}_thumbnail.jpg', out_3: '{name}_preview.gif' },
    steps: [
      `-i {{in_video}} -t {{duration}} ${X264} -an {{out_1}}`,
      '-i {{out_1}} -ss 1 -frames:v 1 -q:v 2 {{out_2}}',
      '-i {{out_1}} -vf fps=8,scale=240:-1 {{out_3}}',
    ],
  },
  {
    name: 'frames-zip',
    title: 'Frames zip → video',
    description: 'Numbered PNG frames (frame_001.png ...) from a zip become an MP4.',
    parameters: { ...X264_PRESET, fps: { type: 'integer', default: 10, min: 1, max: 120, label: 'Frames a second' } },
    inputs: [],
    zip_input: true,
    outputs: { out_1: 'from-frames.mp4' },
    steps: [`-framerate {{fps}} -i frame_%03d.png ${X264} {{out_1}}`],
  },
  {
    name: 'segmenter',
    title: 'Segments to a folder',
    description: 'Splits the video into 2-second parts, returned as one zip.',
    parameters: { ...X264_PRESET },
    inputs: VIDEO,
    outputs: 'OUTPUT_FOLDER',
    steps: [`-i {{in_video}} ${X264} ${KEYFRAMES_2S} -c:a aac -f segment -segment_time 2 -reset_timestamps 1 part_%03d.mp4`],
  },
];

/** The definitions, in the gallery's order. */
export const BUILTIN_PRESET_DEFINITIONS: readonly PresetDefinition[] = DEFINITIONS;

/** A preset's text (a step, an output name pattern) with each parameter's default in place of `{{param}}` and, with `braces: 1`, of `{param}`. */
export function withDefaults(def: PresetDefinition, text: string, braces: 1 | 2 = 2): string {
  let out = text;
  for (const [name, p] of Object.entries(def.parameters)) {
    if (p.default !== undefined) out = out.split(braces === 2 ? `{{${name}}}` : `{${name}}`).join(String(p.default));
  }
  return out;
}
