import { optionName } from './filtergraph-args';

/**
 * ffmpeg options the sandbox refuses, whatever their value: each one reads or writes a
 * file the service cannot check, opens a channel out of the job folder, or undoes one of
 * the service's own options (media/ffmpeg-argv.ts sets -nostdin and -progress pipe:1).
 */
const REFUSED_OPTIONS: Record<string, string> = {
  dump_attachment: 'it writes attachments to paths of its choosing',
  filter_script: 'it reads a filter graph from a file the service cannot check; write the graph inline',
  filter_complex_script: 'it reads a filter graph from a file the service cannot check; write the graph inline',
  graph_file: 'it reads a filter graph from a file the service cannot check; use -graph',
  protocol_whitelist: 'the service decides which protocols ffmpeg may open',
  protocol_blacklist: 'the service decides which protocols ffmpeg may open',
  report: 'the service keeps the ffmpeg log itself',
  vstats: 'it writes a statistics file the service does not manage',
  vstats_file: 'it writes a statistics file the service does not manage',
  sdp_file: 'it writes an SDP file for network streaming',
  progress: 'the service sets its own -progress',
  stdin: 'commands cannot read standard input',
  vpre: 'preset files are looked up outside the job folder; use -fpre with a file in the job folder',
  apre: 'preset files are looked up outside the job folder; use -fpre with a file in the job folder',
  spre: 'preset files are looked up outside the job folder; use -fpre with a file in the job folder',
  hls_key_info_file: 'the key info file names a key file by a path the service cannot check; use -hls_enc_key',
  enable_drefs: 'it lets the MOV demuxer open files named inside the media (external data references)',
  use_absolute_path: 'it lets the MOV demuxer open absolute paths named inside the media',
  allowed_extensions: "it weakens the HLS demuxer's checks on the files a playlist names",
  allowed_segment_extensions: "it weakens the HLS demuxer's checks on the files a playlist names",
  extension_picky: "it weakens the HLS demuxer's checks on the files a playlist names",
};

/** Capture and playback devices (libavdevice): the screen, cameras, sound cards, windows. */
const DEVICE_FORMATS = new Set([
  'alsa',
  'android_camera',
  'audiotoolbox',
  'avfoundation',
  'bktr',
  'caca',
  'decklink',
  'dshow',
  'fbdev',
  'gdigrab',
  'iec61883',
  'jack',
  'kmsgrab',
  'libcdio',
  'libdc1394',
  'openal',
  'opengl',
  'oss',
  'pulse',
  'sdl',
  'sdl2',
  'sndio',
  'v4l2',
  'video4linux2',
  'vfwcap',
  'x11grab',
  'xcbgrab',
  'xv',
]);

/** Options naming a hardware device; a path there (e.g. /dev/dri/renderD128) opens a device node. */
const HW_DEVICE_OPTIONS = new Set(['init_hw_device', 'hwaccel_device', 'vaapi_device', 'qsv_device']);
const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'on', 'enable']);

/**
 * Settings that weaken a demuxer's own file checks, whether given as a command-line option
 * or inside a filter (movie's format_opts) or a concat list's `option` directive.
 */
export function demuxerSettingReason(key: string, value: string): string | null {
  const name = key.trim().toLowerCase();
  if (name === 'safe' && !TRUE_WORDS.has(value.trim().toLowerCase())) {
    return `safe=${value.trim()} is not allowed: the concat demuxer must keep refusing unsafe file names`;
  }
  if (name === 'protocol_whitelist' || name === 'protocol_blacklist') return `${name} is not allowed: ${REFUSED_OPTIONS[name]}`;
  return null;
}

/** Why the option at `tokens[i]` is refused, or null (also null when the token is not an option). */
export function optionReason(tokens: readonly string[], i: number): string | null {
  const token = tokens[i] as string;
  if (token === '--') return '-- (end of options) is not supported: file names cannot start with -';
  if (token.startsWith('-/')) return `${token} is not allowed: -/<option> reads the option's value from a file`;
  const name = optionName(token);
  if (name === null) return null;
  const refused = REFUSED_OPTIONS[name];
  if (refused !== undefined) return `-${name} is not allowed: ${refused}`;
  return valueDependentReason(name, tokens[i + 1] ?? '');
}

/**
 * `-safe 0` on the command line is allowed (docs/compatibility.md, "Concat lists"): scripts for
 * the hosted service pass it to read lists whose names hold spaces. What it lets the concat
 * demuxer open is held by the list check instead (jobs/list-files-check.ts: every list in the job
 * folder, before every step, names only files inside it), and by the sandbox. Inside a filter's
 * options or a list's own `option` directive it stays refused (demuxerSettingReason).
 */
function valueDependentReason(name: string, value: string): string | null {
  if (name === 'f' && DEVICE_FORMATS.has(value.toLowerCase())) return `capture and playback devices are not allowed: -f ${value}`;
  if (HW_DEVICE_OPTIONS.has(name) && /[/\\]/.test(value)) return `hardware device paths are not allowed: -${name} ${value}`;
  return null;
}
