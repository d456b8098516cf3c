/**
 * How the convert panel writes into the builder's form: the command (first step) and the
 * output's extension. Pure, so "edited by hand" is decided in one place.
 */
import { convertArgs, DEFAULT_CHOICES, type ConvertChoices } from './convert-args';
import { newKey, type InputRow, type JobForm } from './form';
import { fileNameOfUrl } from '../../lib/local-path';
import { safeStem } from '../../lib/output-stem';
import type { SourceFacts } from './convert-estimate';
import { CONTAINERS, codecsFor, hardwareFamily, VIDEO_CODECS } from './convert-formats';
import { shownSize } from '../../lib/media';

/** True when the command holds text the panel did not write: the panel then leaves it alone. */
export function isEditedByHand(form: JobForm): boolean {
  const text = form.steps[0] ?? '';
  if (form.convert) return text !== form.convert.written;
  return text.trim() !== '';
}

export function choicesOf(form: JobForm): ConvertChoices {
  return form.convert?.choices ?? DEFAULT_CHOICES;
}

/** `clip.mov` → `clip.gif`; an empty name becomes `output.gif`. */
export function withExtension(name: string, extension: string): string {
  const base = name.trim().replace(/\.[^./]*$/, '') || 'output';
  return `${base}.${extension}`;
}

/**
 * The form with the panel's command written in: one command (not chained), the first
 * input and output aliases, the output renamed to the container's extension, and the job
 * named after what the editor chose ("Convert to WebM: holiday.mov → holiday.webm"), not
 * after the encoder the service would read from the command.
 */
export function writeConvert(form: JobForm, asked: ConvertChoices): JobForm {
  const inAlias = form.inputMode === 'files' ? (form.inputs[0]?.alias.trim() ?? 'in_1') || 'in_1' : 'in_1';
  const inputs = form.inputMode === 'files' && form.inputs.length > 0 ? form.inputs : [{ key: newKey(), alias: inAlias, source: 'url' as const, url: '' }];
  const first = form.outputMode === 'files' ? form.outputs[0] : undefined;
  const outAlias = first?.alias.trim() || 'out_1';
  const facts = sourceFactsOf(form);
  const choices = fitsSource(asked, facts);
  // A loudness first pass is of one stored file: another clip's values made a command normalise by the wrong measure
  // (a failed job's "Fix in builder" showed measured_I of the clip converted before). Kept in the choices, used where it fits.
  const isMeasuredHere = choices.measured?.fileId === inputs[0]?.media?.file_id;
  const args = convertArgs(isMeasuredHere ? choices : { ...choices, measured: null }, inAlias, outAlias, facts);
  const named = outputName(first?.name ?? '', form.convert?.outputName, inputs[0], args.extension);
  const output = { key: first?.key ?? newKey(), alias: outAlias, name: named.name };
  return {
    ...form,
    isChained: false,
    steps: [args.command],
    inputMode: 'files',
    inputs,
    outputMode: 'files',
    outputs: [output, ...(form.outputMode === 'files' ? form.outputs.slice(1) : [])],
    templateTitle: convertTitle(choices),
    convert: {
      choices,
      written: args.command,
      ...(named.fromInput ? { outputName: named.name } : {}),
      ...(form.convert?.badTimes?.length ? { badTimes: form.convert.badTimes } : {}),
    },
  };
}

/**
 * The job's name before its files: the format, and the codec and size where they are not the
 * format's defaults ("Convert to MP4, H.265, 1080p"). Two converts of one clip, 720p H.264 and
 * 1080p H.265, were both "Convert to MP4: drone.mkv → drone.mp4" in the jobs list.
 */
export function convertTitle(choices: ConvertChoices): string {
  const { label, kind } = CONTAINERS[choices.container];
  const details: string[] = [];
  if (kind === 'video' && choices.videoCodec !== codecsFor(choices.container)[0]) {
    const family = VIDEO_CODECS[choices.videoCodec] ? choices.videoCodec : hardwareFamily(choices.videoCodec);
    const name = (VIDEO_CODECS[family]?.label ?? choices.videoCodec).split(' (')[0];
    details.push(family === 'copy' ? 'picture copied' : family === choices.videoCodec ? (name ?? family) : `${name} on the GPU`);
  }
  if (kind !== 'audio' && choices.height > 0) details.push(`${choices.height}p`);
  return [`Convert to ${label}`, ...details].join(', ');
}

/**
 * A format the file can become. A file with no picture gets a sound format (M4A, AAC): a video
 * format's command maps a picture the file does not have, and the job failed with ffmpeg's "Stream
 * map '0:v:0' matches no streams". A file with no sound gets MP4 for a sound format: an MP3 of it
 * holds nothing, and the job failed with "Output file #0 does not contain any stream".
 */
function fitsSource(asked: ConvertChoices, facts: SourceFacts): ConvertChoices {
  const kind = CONTAINERS[asked.container].kind;
  // Subtitles burnt or kept from a file without any: the burn failed with ffmpeg's "Unable to locate subtitle stream".
  const fitted = facts.subtitleTracks === 0 && asked.subtitles !== 'none' ? { ...asked, subtitles: 'none' as const } : asked;
  if (facts.hasPicture === false && kind !== 'audio') return { ...fitted, container: 'm4a' };
  if (facts.hasSound === false && kind === 'audio') return { ...fitted, container: 'mp4' };
  return fitted;
}

/**
 * The output's name, as HandBrake names it: while it is still the default (`output.…`) or the one
 * the panel gave, the first input's name with the new extension (`clip.mov` → `clip.mp4`; the same
 * extension gets `-converted`, so the output never reads as the input). A name typed by hand only
 * changes its extension (docs/gui.md, "Convert").
 */
function outputName(current: string, given: string | undefined, input: InputRow | undefined, extension: string): { name: string; fromInput: boolean } {
  const untouched = current.trim() === '' || /^output\.[^./]*$/.test(current.trim()) || current === given;
  const source = (input ? (input.fileName ?? fileNameOfUrl(input.url)) : '').trim();
  if (!untouched || !source) return { name: withExtension(current, extension), fromInput: false };
  // In the characters the service takes (a clip saved as `interview (1).mp4` was named so, then refused).
  const name = `${safeStem(source.replace(/\.[^./]*$/, '')) || 'output'}.${extension}`;
  return { name: name === source ? name.replace(/\.[^./]*$/, `-converted.${extension}`) : name, fromInput: true };
}

/** What the panel knows of the first input, from its probe. */
export function sourceFactsOf(form: JobForm): SourceFacts {
  const media = form.inputMode === 'files' ? form.inputs[0]?.media : undefined;
  if (!media) return {};
  return {
    duration: media.duration,
    ...shownSize(media),
    frameRate: media.frame_rate,
    videoKbps: media.bitrate_video_kb,
    audioKbps: media.bitrate_audio_kb,
    sampleRate: media.sample_rate,
    channels: media.channels,
    hasPicture: shownSize(media) !== undefined,
    hasSound: media.sample_rate != null || media.channels != null,
    ...(media.subtitle_tracks !== undefined ? { subtitleTracks: media.subtitle_tracks } : {}),
  };
}

/**
 * The choices that belong to the clip rather than to what it is made into: the part of it, the
 * crop drawn on it, how it is turned, its sound track and that track's measured loudness.
 */
function clipBound(c: ConvertChoices): Partial<ConvertChoices> {
  const { start, end, crop, rotate, flipH, flipV, audioTrack, measured } = c;
  return { start, end, crop, rotate, flipH, flipV, audioTrack, measured };
}

/**
 * A starting point ("Web MP4, 1080p", "GIF, 480p") is a whole target, as a HandBrake preset is:
 * what it does not set goes back to the default, so a GIF's 12 fps or a podcast's −16 LUFS chosen
 * before does not ride along into a "Small MP4"; what belongs to the clip stays (docs/gui.md).
 */
export function startFrom(current: ConvertChoices, target: Partial<ConvertChoices>): ConvertChoices {
  return { ...DEFAULT_CHOICES, ...clipBound(current), ...target };
}

/**
 * Whether the panel shows this starting point as it is: choosing it again would change nothing. Its
 * button says so (pressed), as HandBrake shows the preset in use; a choice changed after it lets go.
 */
export function isStartingPoint(current: ConvertChoices, target: Partial<ConvertChoices>): boolean {
  const whole = startFrom(current, target);
  return (Object.keys(whole) as (keyof ConvertChoices)[]).every((k) => JSON.stringify(whole[k]) === JSON.stringify(current[k]));
}

/** Another clip in the panel keeps the target and lets go of what belonged to the clip before (its range, its crop). */
export function forNewClip(current: ConvertChoices): ConvertChoices {
  return { ...current, ...clipBound(DEFAULT_CHOICES) };
}

/** Starting points that open in the panel as fields (built-in convert presets). */
export const CONVERT_PRESETS: { id: string; title: string; choices: Partial<ConvertChoices> }[] = [
  { id: 'web-1080', title: 'Web MP4, 1080p', choices: { container: 'mp4', videoCodec: 'h264', quality: 60, height: 1080 } },
  // H.264, not H.265: under the "plays everywhere" MP4, for mail and chat apps, which do not all play H.265.
  { id: 'small-720', title: 'Small MP4, 720p', choices: { container: 'mp4', videoCodec: 'h264', quality: 30, height: 720 } },
  { id: 'edit-prores', title: 'For editing (ProRes)', choices: { container: 'mov', videoCodec: 'prores', quality: 60 } },
  { id: 'gif-480', title: 'GIF, 480p', choices: { container: 'gif', quality: 60, height: 480, fps: 12 } },
  { id: 'podcast', title: 'Podcast MP3, −16 LUFS', choices: { container: 'mp3', quality: 60, loudness: -16 } },
];
