/**
 * Example requests of the spec and of the hosted service's public docs (quoted in issues 2
 * and 4), kept as the JSON text a user pastes. Only the base URL, the key and the host of
 * the input URLs (`MEDIA`, a local static server with files of the same kinds) differ.
 */
export interface CommandExample {
  name: string;
  path: '/v1/run-ffmpeg-command' | '/v1/run-chained-ffmpeg-commands';
  /** How the docs poll it (docs/api.md §4.3: one chained example uses /v1/poll-command). */
  pollPath: '/v1/commands' | '/v1/poll-command';
  body: string;
  expectOutputs: Record<string, { file_type: string; file_format: string }>;
}

/** docs/api.md §4.10: many files in and out (the zip `MEDIA/folder.zip` holds image.png, audio.mp3 and subs.srt). */
export const MANY_FILES_EXAMPLES: CommandExample[] = [
  {
    name: 'input_compressed_folder: files referenced by their names inside the zip',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_compressed_folder": "MEDIA/folder.zip",
  "output_files": { "out_1": "slideshow.mp4" },
  "ffmpeg_command": "-loop 1 -i image.png -i audio.mp3 -c:v libx264 -tune stillimage -c:a aac -pix_fmt yuv420p -shortest {{out_1}}"
}`,
    expectOutputs: { out_1: { file_type: 'video', file_format: 'mp4' } },
  },
  {
    name: 'OUTPUT_FOLDER: numbered frames returned as one zip',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_files": { "in_1": "MEDIA/video.mp4" },
  "output_files": "OUTPUT_FOLDER",
  "ffmpeg_command": "-i {{in_1}} -vf fps=2 frame_%03d.png"
}`,
    expectOutputs: { OUTPUT_FOLDER: { file_type: 'zip', file_format: 'zip' } },
  },
  {
    name: 'HLS playlist output with an out_playlist_ alias',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_files": { "in_1": "MEDIA/video.mp4" },
  "output_files": { "out_playlist_1": "playlist.m3u8" },
  "ffmpeg_command": "-i {{in_1}} -c:v libx264 -c:a aac -hls_time 1 -hls_playlist_type vod -f hls {{out_playlist_1}}"
}`,
    expectOutputs: { out_playlist_1: { file_type: 'output_manifest', file_format: 'm3u8' } },
  },
];

export const COMMAND_EXAMPLES: CommandExample[] = [
  {
    name: 'GIF thumbnail with the select/setpts/scale/pad chain',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_files": { "in_1": "MEDIA/long.mp4" },
  "output_files": { "out_1": "output.gif" },
  "ffmpeg_command": "-i {{in_1}} -vf \"select='lte(t,60)*gt(trunc(t/10),trunc(prev_t/10))',setpts='PTS*0.025',scale=trunc(oh*a/2)*2:320:force_original_aspect_ratio=decrease,pad=trunc(oh*a/2)*2:320:-1:-1\" -an -vsync vfr {{out_1}}"
}`,
    expectOutputs: { out_1: { file_type: 'image', file_format: 'gif' } },
  },
  {
    name: 'one filter graph split into two outputs',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_files": { "in_1": "MEDIA/video.mp4" },
  "output_files": { "out_1": "output_320.mp4", "out_2": "output_180.mp4" },
  "ffmpeg_command": "-i {{in_1}} -filter_complex \"[0:v]split=2[a][b];[a]scale=-2:320[x];[b]scale=-2:180[y]\" -map [x] {{out_1}} -map [y] {{out_2}}"
}`,
    expectOutputs: { out_1: { file_type: 'video', file_format: 'mp4' }, out_2: { file_type: 'video', file_format: 'mp4' } },
  },
  {
    name: 'subtitles burnt in',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_files": { "in_video": "MEDIA/video.mp4", "in_srt": "MEDIA/subs.srt" },
  "output_files": { "out_1": "output_subtitled.mp4" },
  "ffmpeg_command": "-i {{in_video}} -vf subtitles={{in_srt}} {{out_1}}"
}`,
    expectOutputs: { out_1: { file_type: 'video', file_format: 'mp4' } },
  },
  {
    name: 'slideshow from an image and an audio track',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_files": { "in_img_1": "MEDIA/image.png", "in_audio_1": "MEDIA/audio.mp3" },
  "output_files": { "out_1": "slideshow.mp4" },
  "ffmpeg_command": "-loop 1 -i {{in_img_1}} -i {{in_audio_1}} -c:v libx264 -tune stillimage -c:a aac -b:a 192k -pix_fmt yuv420p -shortest {{out_1}}"
}`,
    expectOutputs: { out_1: { file_type: 'video', file_format: 'mp4' } },
  },
  {
    name: 'chained: a thumbnail, then a GIF from the first output',
    path: '/v1/run-chained-ffmpeg-commands',
    pollPath: '/v1/poll-command',
    body: String.raw`{
  "input_files": { "in_1": "MEDIA/video.mp4" },
  "output_files": { "out_1": "thumbnail.jpg", "out_2": "short.mp4", "out_3": "preview.gif" },
  "ffmpeg_commands": [
    "-i {{in_1}} -ss 00:00:01 -vframes 1 {{out_1}}",
    "-i {{in_1}} -t 1 {{out_2}}",
    "-i {{out_2}} -vf \"fps=10,scale=160:-1:flags=lanczos\" {{out_3}}"
  ]
}`,
    expectOutputs: {
      out_1: { file_type: 'image', file_format: 'jpg' },
      out_2: { file_type: 'video', file_format: 'mp4' },
      out_3: { file_type: 'image', file_format: 'gif' },
    },
  },
  {
    name: 'backslash-escaped braces as some docs print them',
    path: '/v1/run-ffmpeg-command',
    pollPath: '/v1/commands',
    body: String.raw`{
  "input_files": { "in_1": "MEDIA/video.mp4" },
  "output_files": { "out_1": "frame.jpg" },
  "ffmpeg_command": "-i \\{\\{in_1\\}\\} -frames:v 1 \\{\\{out_1\\}\\}"
}`,
    expectOutputs: { out_1: { file_type: 'image', file_format: 'jpg' } },
  },
];
