import type { StoredFile } from '../../../../src-service/client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICES } from './convert-args';
import { convertTitle, forNewClip, isEditedByHand, isStartingPoint, sourceFactsOf, startFrom, withExtension, writeConvert } from './convert-form';
import { estimateSize } from './convert-estimate';
import { partStartOf, previewRequest } from './convert-preview';
import { emptyForm, toRequest } from './form';
import { OUTPUT_NAME } from '../../../../src-service/contract/names';

describe('convert panel ↔ form', () => {
  it('writes the command, the output extension, and remembers what it wrote', () => {
    const form = writeConvert({ ...emptyForm(), outputs: [{ key: 'o', alias: 'out_1', name: 'trailer.mov' }] }, { ...DEFAULT_CHOICES, container: 'gif' });
    expect(form.steps[0]).toMatch(/^-i \{\{in_1\}\} -vf .*palettegen.* \{\{out_1\}\}$/);
    expect(form.outputs[0]?.name).toBe('trailer.gif');
    expect(isEditedByHand(form)).toBe(false);
    expect(isEditedByHand({ ...form, steps: [`${form.steps[0]} -y`] })).toBe(true);
  });

  it('counts a command typed before the panel was used as by hand, an empty one not', () => {
    expect(isEditedByHand(emptyForm())).toBe(false);
    expect(isEditedByHand({ ...emptyForm(), steps: ['-i {{in_1}} {{out_1}}'] })).toBe(true);
  });

  it.each([
    ['clip.mov', 'mp4', 'clip.mp4'],
    ['', 'gif', 'output.gif'],
    ['my.clip.final.mkv', 'webm', 'my.clip.final.webm'],
  ])('%s → %s', (name, ext, expected) => {
    expect(withExtension(name, ext)).toBe(expected);
  });

  it('names the output after the input while the name is not typed by hand, and keeps a typed name but for its extension', () => {
    const picked = { key: 'i', alias: 'in_1', source: 'stored' as const, url: 'http://x/storage/1/ignored.bin', fileName: 'holiday.mov' };
    const gif = writeConvert({ ...emptyForm(), inputs: [picked] }, { ...DEFAULT_CHOICES, container: 'gif' });
    expect(gif.outputs[0]?.name).toBe('holiday.gif');
    // Another format, then another input: the name the panel gave follows both.
    const mp4 = writeConvert(gif, { ...DEFAULT_CHOICES, container: 'mp4' });
    expect(mp4.outputs[0]?.name).toBe('holiday.mp4');
    const other = writeConvert({ ...mp4, inputs: [{ ...picked, fileName: 'beach.mp4' }] }, { ...DEFAULT_CHOICES, container: 'mp4' });
    expect(other.outputs[0]?.name).toBe('beach-converted.mp4');
    // A clip's name with spaces and brackets (a copy Save to numbered): the output takes a name the service accepts.
    const saved = writeConvert({ ...mp4, inputs: [{ ...picked, fileName: 'interview-2-parts (1).mp4' }] }, { ...DEFAULT_CHOICES, container: 'mov' });
    expect(saved.outputs[0]?.name).toBe('interview-2-parts_1_.mov');
    expect(OUTPUT_NAME.test(saved.outputs[0]!.name)).toBe(true);
    // Typed by hand: only the extension follows the format.
    const typed = { ...other, outputs: [{ ...other.outputs[0]!, name: 'final cut.mp4' }] };
    expect(writeConvert(typed, { ...DEFAULT_CHOICES, container: 'webm' }).outputs[0]?.name).toBe('final cut.webm');
    // No input yet: the default name.
    expect(writeConvert(emptyForm(), DEFAULT_CHOICES).outputs[0]?.name).toBe('output.mp4');
  });

  it('names the job after the format chosen, not the encoder the command starts with', () => {
    const picked = { key: 'i', alias: 'in_1', source: 'stored' as const, url: 'http://x/storage/1/ignored.bin', fileName: 'holiday.mov' };
    const webm = writeConvert({ ...emptyForm(), inputs: [picked] }, { ...DEFAULT_CHOICES, container: 'webm', videoCodec: 'vp9' });
    expect(toRequest(webm).name).toBe('Convert to WebM: holiday.mov → holiday.webm');
    expect(toRequest(writeConvert(webm, { ...DEFAULT_CHOICES, container: 'mp3' })).name).toBe('Convert to MP3: holiday.mov → holiday.mp3');
    // A name typed by hand wins.
    expect(toRequest({ ...webm, name: 'For the website' }).name).toBe('For the website');
  });

  it('previews 3 seconds from the start given, into preview- outputs', () => {
    const form = writeConvert({ ...emptyForm(), inputs: [{ key: 'i', alias: 'in_1', source: 'url', url: 'http://x/a.mp4' }] }, DEFAULT_CHOICES);
    const req = previewRequest(form, 12.5);
    expect(req?.ffmpeg_command.startsWith('-ss 12.5 -t 3 -i {{in_1}} ')).toBe(true);
    expect(req?.output_files).toEqual({ out_1: 'preview-a-converted.mp4' });
    expect(previewRequest({ ...form, isChained: true }, 0)).toBeNull();
    expect(previewRequest(emptyForm(), 0)).toBeNull();
    // A part chosen (From 5 s): the preview's start counts from it, and the field says from where.
    const part = writeConvert(form, { ...DEFAULT_CHOICES, start: 5 });
    expect(partStartOf(part)).toBe(5);
    expect(partStartOf(form)).toBeNull();
    expect(previewRequest(part, 2)?.ffmpeg_command).toMatch(/^-ss 7 -t 3 -i /);
  });

  it('gives a file with sound and no picture a sound format (M4A), whatever video format was chosen; a file with a picture keeps it', () => {
    const song = { file_id: 'f', filename: 'song.mp3', duration: 30, sample_rate: 44100, channels: 2 } as StoredFile;
    const row = { key: 'i', alias: 'in_1', source: 'stored' as const, url: 'http://x/s/f/song.mp3', fileName: 'song.mp3', media: song };
    const form = writeConvert({ ...emptyForm(), inputs: [row] }, { ...DEFAULT_CHOICES, container: 'mp4' });
    expect(form.convert?.choices.container).toBe('m4a');
    expect(form.outputs[0]?.name).toBe('song.m4a');
    expect(form.steps[0]).not.toContain('0:v');
    expect(toRequest(form).name).toBe('Convert to M4A: song.mp3 → song.m4a');
    expect(writeConvert({ ...emptyForm(), inputs: [row] }, { ...DEFAULT_CHOICES, container: 'wav' }).convert?.choices.container).toBe('wav');
    const film = { ...row, media: { ...song, width: 320, height: 240 } };
    expect(writeConvert({ ...emptyForm(), inputs: [film] }, { ...DEFAULT_CHOICES, container: 'mp4' }).convert?.choices.container).toBe('mp4');
    // Not probed yet: nothing is assumed.
    expect(writeConvert({ ...emptyForm(), inputs: [{ ...row, media: undefined }] }, { ...DEFAULT_CHOICES, container: 'mp4' }).convert?.choices.container).toBe(
      'mp4',
    );
  });

  it('gives a file with a picture and no sound a video format (MP4) for a sound one, and counts no sound in its size', () => {
    const render = { file_id: 'r', filename: 'render.mov', duration: 10, width: 320, height: 240, frame_rate: 25 } as StoredFile;
    const row = { key: 'i', alias: 'in_1', source: 'stored' as const, url: 'http://x/s/r/render.mov', fileName: 'render.mov', media: render };
    const form = writeConvert({ ...emptyForm(), inputs: [row] }, { ...DEFAULT_CHOICES, container: 'mp3' });
    expect(form.convert?.choices.container).toBe('mp4');
    expect(form.outputs[0]?.name).toBe('render.mp4');
    expect(writeConvert({ ...emptyForm(), inputs: [row] }, { ...DEFAULT_CHOICES, container: 'gif' }).convert?.choices.container).toBe('gif');
    const withSound = { ...row, media: { ...render, sample_rate: 48000, channels: 2 } };
    expect(writeConvert({ ...emptyForm(), inputs: [withSound] }, { ...DEFAULT_CHOICES, container: 'mp3' }).convert?.choices.container).toBe('mp3');
    // Its size: the picture alone (the sound's bitrate counted nothing that comes out).
    const silent = estimateSize({ ...DEFAULT_CHOICES, container: 'mp4' }, sourceFactsOf(form))!;
    const voiced = estimateSize({ ...DEFAULT_CHOICES, container: 'mp4' }, sourceFactsOf({ ...form, inputs: [withSound] }))!;
    expect(voiced.kbps - silent.kbps).toBeGreaterThan(90);
  });
});

describe('subtitles of a file without any', () => {
  it('burns nothing and keeps nothing, so the command reads no subtitle stream; a file with some, or not read yet, keeps the choice', () => {
    const screen = { file_id: 's', filename: 'screen.mp4', duration: 6, width: 320, height: 240, frame_rate: 25, subtitle_tracks: 0 } as StoredFile;
    const row = { key: 'i', alias: 'in_1', source: 'stored' as const, url: 'http://x/s/s/screen.mp4', fileName: 'screen.mp4', media: screen };
    const burn = { ...DEFAULT_CHOICES, container: 'mp4' as const, subtitles: 'burn' as const };
    const form = writeConvert({ ...emptyForm(), inputs: [row] }, burn);
    expect(form.convert?.choices.subtitles).toBe('none');
    expect(form.steps[0]).not.toContain('subtitles=');
    const film = { ...row, media: { ...screen, subtitle_tracks: 1 } };
    expect(writeConvert({ ...emptyForm(), inputs: [film] }, burn).steps[0]).toContain('subtitles=');
    const before = { ...row, media: { ...screen, subtitle_tracks: undefined } };
    expect(writeConvert({ ...emptyForm(), inputs: [before] }, burn).convert?.choices.subtitles).toBe('burn');
  });
});

describe('starting points and new clips', () => {
  const gifOfPart = {
    ...DEFAULT_CHOICES,
    container: 'gif' as const,
    fps: 12,
    height: 480,
    loudness: -16,
    start: 5,
    end: 8,
    crop: { x: 0, y: 0, width: 640, height: 360 },
    rotate: 90 as const,
  };

  it('when a starting point is chosen, then what it does not set goes back to the default, and what belongs to the clip stays', () => {
    const small = startFrom(gifOfPart, { container: 'mp4', videoCodec: 'h264', quality: 30, height: 720 });
    // A GIF's 12 fps and a podcast's loudness chosen before made a 12 fps "Small MP4".
    expect(small).toMatchObject({ container: 'mp4', quality: 30, height: 720, fps: 0, loudness: null, subtitles: 'none' });
    expect(small).toMatchObject({ start: 5, end: 8, crop: gifOfPart.crop, rotate: 90 });
  });

  it('when a convert is named, then the codec and size follow the format where they are not its defaults', () => {
    expect(convertTitle(DEFAULT_CHOICES)).toBe('Convert to MP4');
    expect(convertTitle({ ...DEFAULT_CHOICES, videoCodec: 'h265', height: 1080 })).toBe('Convert to MP4, H.265, 1080p');
    expect(convertTitle({ ...DEFAULT_CHOICES, height: 720 })).toBe('Convert to MP4, 720p');
    expect(convertTitle({ ...DEFAULT_CHOICES, container: 'webm', videoCodec: 'vp9' })).toBe('Convert to WebM');
    expect(convertTitle({ ...DEFAULT_CHOICES, videoCodec: 'hevc_nvenc' })).toBe('Convert to MP4, H.265 on the GPU');
    expect(convertTitle({ ...DEFAULT_CHOICES, videoCodec: 'copy' })).toBe('Convert to MP4, picture copied');
    expect(convertTitle({ ...DEFAULT_CHOICES, container: 'gif', height: 480 })).toBe('Convert to GIF, 480p');
    expect(convertTitle({ ...DEFAULT_CHOICES, container: 'mp3', height: 720 })).toBe('Convert to MP3');
  });

  it("when a starting point is chosen, then it counts as the one in use until a choice it sets or resets changes; the clip's own choices do not count", () => {
    const target = { container: 'mp4', videoCodec: 'h264', quality: 30, height: 720 } as const;
    const small = startFrom(gifOfPart, target);
    expect(isStartingPoint(small, target)).toBe(true);
    expect(isStartingPoint({ ...small, start: 1, crop: null }, target)).toBe(true);
    expect(isStartingPoint({ ...small, quality: 35 }, target)).toBe(false);
    expect(isStartingPoint({ ...small, fps: 12 }, target)).toBe(false);
    expect(isStartingPoint(gifOfPart, target)).toBe(false);
  });

  it('when another clip is opened, then the target stays and the range, crop and turn of the clip before go', () => {
    const next = forNewClip(gifOfPart);
    expect(next).toMatchObject({ container: 'gif', fps: 12, height: 480, loudness: -16, crop: null, rotate: 0 });
    expect(next.start ?? null).toBeNull();
    expect(next.end ?? null).toBeNull();
  });
});

describe('a loudness measure and its clip', () => {
  it('when the measure is of another stored file, then the command normalises in one pass, not by its values', () => {
    const measured = { fileId: 'f1', track: 1, i: -21.76, tp: -3, lra: 6, thresh: -32 };
    const clip = (id: string) => ({
      key: 'i',
      alias: 'in_1',
      source: 'stored' as const,
      url: `http://x/storage/${id}/a.mov`,
      fileName: 'a.mov',
      media: { file_id: id } as StoredFile,
    });
    const own = writeConvert({ ...emptyForm(), inputs: [clip('f1')] }, { ...DEFAULT_CHOICES, loudness: -16, measured });
    expect(own.steps[0]).toContain('measured_I=-21.76');
    const other = writeConvert({ ...emptyForm(), inputs: [clip('f2')] }, { ...DEFAULT_CHOICES, loudness: -16, measured });
    expect(other.steps[0]).toContain('loudnorm=I=-16');
    expect(other.steps[0]).not.toContain('measured_I');
  });
});
