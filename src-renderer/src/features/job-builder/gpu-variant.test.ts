import { describe, expect, it } from 'vitest';
import { encodesWithX264, encodingNote, gpuVariant, pickGpuEncoder } from './gpu-variant';
import { TEMPLATES } from './templates';

const byId = (id: string) => TEMPLATES.find((t) => t.id === id)!;

describe('GPU variants of the templates', () => {
  it('picks the first working encoder of NVENC, VideoToolbox, QSV, AMF; none when only VAAPI or nothing works', () => {
    expect(pickGpuEncoder(['hevc_nvenc', 'h264_qsv', 'h264_nvenc'])).toBe('h264_nvenc');
    expect(pickGpuEncoder(['h264_videotoolbox', 'hevc_videotoolbox'])).toBe('h264_videotoolbox');
    expect(pickGpuEncoder(['h264_vaapi'])).toBeNull();
    expect(pickGpuEncoder([])).toBeNull();
  });

  it('swaps libx264 and its x264-only options in every step that encodes, and leaves the rest alone', () => {
    const t = gpuVariant(byId('transcode'), 'h264_nvenc');
    expect(t.steps).toEqual(['-i {{in_video}} -c:v h264_nvenc -pix_fmt yuv420p -b:v 4M -c:a aac -b:a 128k -movflags +faststart {{out_1}}']);
    expect(gpuVariant(byId('slideshow'), 'h264_videotoolbox').steps[0]).not.toMatch(/libx264|-tune/);
    const chained = gpuVariant(byId('chained'), 'h264_qsv');
    expect(chained.steps[0]).toContain('-c:v h264_qsv -pix_fmt nv12');
    expect(chained.steps.slice(1)).toEqual(byId('chained').steps.slice(1));
    for (const t of TEMPLATES.filter(encodesWithX264)) for (const s of gpuVariant(t, 'h264_amf').steps) expect(s).not.toContain('libx264');
  });

  it('tells the user when a template falls back to software', () => {
    expect(encodingNote([byId('transcode')], null, 'done')).toMatch(/software encoding \(libx264\): no working GPU encoder/i);
    expect(encodingNote([byId('transcode')], null, 'detecting')).toMatch(/Checking/);
    expect(encodingNote([byId('gif')], null, 'done')).toBeNull(); // does not encode H.264
    expect(encodingNote([byId('transcode'), byId('gif')], 'h264_nvenc', 'done')).toBeNull();
  });
});
