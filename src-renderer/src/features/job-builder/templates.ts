/**
 * Working examples for the gallery. Each is a complete command for
 * ffmpeg 4.x with libx264/aac. Inputs name the offline-demo samples (item 9) so they
 * run with no network. Filter graphs carry no spaces: the command text needs no quoting.
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

const X264 = '-c:v libx264 -preset veryfast -pix_fmt yuv420p';
/** A keyframe every 2 s, so HLS/DASH/segment outputs can cut 2-second pieces. */
const KEYFRAMES_2S = '-force_key_frames expr:gte(t,n_forced*2)';
const VIDEO = [{ alias: 'in_video', sample: 'sample-video.mp4' }];

export const TEMPLATES: Template[] = [
  {
    id: 'gif',
    title: 'GIF thumbnail',
    icon: 'GIF',
    description: 'First 3 seconds as a looping GIF with an optimised palette.',
    inputs: VIDEO,
    outputs: { out_1: 'thumbnail.gif' },
    steps: ['-i {{in_video}} -t 3 -vf fps=10,scale=320:-1:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse -loop 0 {{out_1}}'],
  },
  {
    id: 'transcode',
    title: 'Transcode to H.264/AAC',
    icon: 'MP4',
    description: 'Web-friendly MP4 with fast start.',
    inputs: VIDEO,
    outputs: { out_1: 'transcoded.mp4' },
    steps: [`-i {{in_video}} ${X264} -crf 23 -c:a aac -b:a 128k -movflags +faststart {{out_1}}`],
  },
  {
    id: 'renditions',
    title: 'Two renditions, one filter graph',
    icon: '2×',
    description: 'A split filter feeds a 720p and a 360p output.',
    inputs: VIDEO,
    outputs: { out_1: 'video-720p.mp4', out_2: 'video-360p.mp4' },
    steps: [
      `-i {{in_video}} -filter_complex [0:v]split=2[a][b];[a]scale=-2:720[hd];[b]scale=-2:360[sd] -map [hd] -map 0:a? ${X264} -c:a aac {{out_1}} -map [sd] -map 0:a? ${X264} -c:a aac {{out_2}}`,
    ],
  },
  {
    id: 'hls',
    title: 'HLS stream',
    icon: 'HLS',
    description: 'An HLS playlist with 2-second segments, streamable as is.',
    inputs: VIDEO,
    outputs: { out_playlist_1: 'index.m3u8' },
    steps: [`-i {{in_video}} ${X264} ${KEYFRAMES_2S} -c:a aac -f hls -hls_time 2 -hls_playlist_type vod {{out_playlist_1}}`],
  },
  {
    id: 'dash',
    title: 'DASH stream',
    icon: 'DASH',
    description: 'An MPEG-DASH manifest with 2-second segments.',
    inputs: VIDEO,
    outputs: { out_playlist_1: 'manifest.mpd' },
    steps: [`-i {{in_video}} ${X264} ${KEYFRAMES_2S} -c:a aac -f dash -seg_duration 2 {{out_playlist_1}}`],
  },
  {
    id: 'subtitles',
    title: 'Burn in subtitles',
    icon: 'SRT',
    description: 'Renders an SRT file onto the picture.',
    inputs: [...VIDEO, { alias: 'in_srt', sample: 'sample-subtitles.srt' }],
    outputs: { out_1: 'subtitled.mp4' },
    steps: [`-i {{in_video}} -vf subtitles={{in_srt}} ${X264} -c:a copy {{out_1}}`],
  },
  {
    id: 'slideshow',
    title: 'Image + audio',
    icon: 'IMG',
    description: 'A still image for as long as the audio lasts.',
    inputs: [
      { alias: 'in_img_1', sample: 'sample-image.png' },
      { alias: 'in_audio_1', sample: 'sample-audio.mp3' },
    ],
    outputs: { out_1: 'slideshow.mp4' },
    steps: [`-loop 1 -framerate 2 -i {{in_img_1}} -i {{in_audio_1}} ${X264} -tune stillimage -c:a aac -shortest {{out_1}}`],
  },
  {
    id: 'watermark',
    title: 'Watermark overlay',
    icon: 'LOGO',
    description: 'A logo in the top-right corner.',
    inputs: [...VIDEO, { alias: 'in_logo', sample: 'sample-logo.png' }],
    outputs: { out_1: 'watermarked.mp4' },
    steps: [`-i {{in_video}} -i {{in_logo}} -filter_complex [0:v][1:v]overlay=W-w-16:16 ${X264} -c:a copy {{out_1}}`],
  },
  {
    id: 'audio-mix',
    title: 'Audio mix',
    icon: 'MIX',
    description: 'Two audio tracks mixed into one AAC file.',
    inputs: [
      { alias: 'in_audio_1', sample: 'sample-audio.mp3' },
      { alias: 'in_audio_2', sample: 'sample-music.mp3' },
    ],
    outputs: { out_1: 'mix.m4a' },
    steps: ['-i {{in_audio_1}} -i {{in_audio_2}} -filter_complex amix=inputs=2:duration=longest -c:a aac -b:a 160k {{out_1}}'],
  },
  {
    id: 'chained',
    title: 'Thumbnail + GIF (chained)',
    icon: '1→3',
    description: 'Step 1 cuts a clip; steps 2 and 3 read it for a JPEG and a GIF.',
    inputs: VIDEO,
    outputs: { out_1: 'clip.mp4', out_2: 'thumbnail.jpg', out_3: 'preview.gif' },
    steps: [`-i {{in_video}} -t 3 ${X264} -an {{out_1}}`, '-i {{out_1}} -ss 1 -frames:v 1 -q:v 2 {{out_2}}', '-i {{out_1}} -vf fps=8,scale=240:-1 {{out_3}}'],
  },
  {
    id: 'frames-zip',
    title: 'Frames zip → video',
    icon: 'ZIP',
    description: 'Numbered PNG frames from a zip become an MP4.',
    inputs: [],
    zipSample: 'sample-frames.zip',
    outputs: { out_1: 'from-frames.mp4' },
    steps: [`-framerate 10 -i frame_%03d.png ${X264} {{out_1}}`],
  },
  {
    id: 'segmenter',
    title: 'Segments to a folder',
    icon: 'DIR',
    description: 'Splits the video into 2-second parts, returned as one zip.',
    inputs: VIDEO,
    outputs: 'OUTPUT_FOLDER',
    steps: [`-i {{in_video}} ${X264} ${KEYFRAMES_2S} -c:a aac -f segment -segment_time 2 -reset_timestamps 1 part_%03d.mp4`],
  },
];
