import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCodecList, parseFilterList, parseFormatList, parseHwaccels, parseOptionNames, parseProtocols } from './capabilities';
import { requirePackagePath, resolveBinaries } from './binaries';

/** The listings of real builds: the one FFDesk picks here, and the registry-shipped 2018 one. */
const builds = [resolveBinaries().ffmpegPath, requirePackagePath('@ffmpeg-installer/ffmpeg')].filter((p): p is string => p !== null);
const list = (bin: string, ...flag: string[]) => execFileSync(bin, ['-hide_banner', ...flag], { encoding: 'utf8', maxBuffer: 64 << 20 });

describe.each(builds)('the listings of %s', (bin) => {
  it('parses encoders and decoders with their media type', () => {
    const encoders = parseCodecList(list(bin, '-encoders'));
    expect(encoders).toContainEqual({ name: 'libx264', type: 'video', description: expect.stringContaining('H.264') });
    expect(encoders).toContainEqual(expect.objectContaining({ name: 'aac', type: 'audio' }));
    expect(encoders).toContainEqual(expect.objectContaining({ name: 'mov_text', type: 'subtitle' }));
    expect(encoders.some((e) => e.name.includes('='))).toBe(false); // the legend lines are not codecs
    expect(parseCodecList(list(bin, '-decoders')).map((d) => d.name)).toEqual(expect.arrayContaining(['h264', 'hevc', 'aac', 'mp3']));
  });

  it('parses filters with their inputs and outputs', () => {
    const filters = parseFilterList(list(bin, '-filters'));
    expect(filters).toContainEqual(expect.objectContaining({ name: 'scale', io: 'V->V' }));
    expect(filters).toContainEqual(expect.objectContaining({ name: 'amix', io: 'N->A' }));
    expect(filters).toContainEqual(expect.objectContaining({ name: 'testsrc2', io: '|->V' }));
    expect(filters.length).toBeGreaterThan(300);
  });

  it('parses muxers, demuxers (split at commas), protocols and hwaccels', () => {
    expect(parseFormatList(list(bin, '-muxers')).map((m) => m.name)).toEqual(expect.arrayContaining(['mp4', 'hls', 'dash', 'matroska', 'null']));
    const demuxers = parseFormatList(list(bin, '-demuxers')).map((m) => m.name);
    expect(demuxers).toEqual(expect.arrayContaining(['mov', 'mp4', 'm4a', 'lavfi', 'concat']));
    expect(demuxers).not.toContain('mov,mp4,m4a,3gp,3g2,mj2');
    const protocols = parseProtocols(list(bin, '-protocols'));
    expect(protocols.input).toEqual(expect.arrayContaining(['file', 'http', 'pipe']));
    expect(protocols.output).toContain('file');
    expect(parseHwaccels(list(bin, '-hwaccels')).every((h) => /^[a-z0-9_]+$/.test(h))).toBe(true);
  });

  it('collects option names from -h full', () => {
    const options = parseOptionNames(list(bin, '-h', 'full'));
    expect(options).toEqual(expect.arrayContaining(['i', 'vf', 'af', 'filter_complex', 'map', 'c', 'crf', 'preset', 'movflags', 'hls_time']));
    expect(options).not.toContain('fps_mod');
  });

  it('keeps the hyphens of encoders’ own options (libvpx’s -cpu-used, -row-mt)', () => {
    const listing = [
      'libvpx-vp9 encoder AVOptions:',
      '  -cpu-used          <int>        E..V....... Quality/Speed ratio modifier (from -8 to 8) (default 1)',
      '  -row-mt            <boolean>    E..V....... Row based multi-threading (default auto)',
      '     good            0            E..V....... ',
    ].join('\n');
    expect(parseOptionNames(listing)).toEqual(['cpu-used', 'i', 'row-mt']);
  });
});

describe('parseHwaccels', () => {
  it('reads the names under the heading, and nothing when there are none', () => {
    expect(parseHwaccels('Hardware acceleration methods:\nvdpau\ncuda\n\n')).toEqual(['vdpau', 'cuda']);
    expect(parseHwaccels('Hardware acceleration methods:\n\n')).toEqual([]);
  });
});
