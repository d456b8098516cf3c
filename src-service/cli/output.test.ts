import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgressView, describeProgress } from './output';

const writes: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  writes.length = 0;
});
function captureStderr(): void {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    writes.push(String(chunk));
    return true;
  });
}

describe('progress output', () => {
  it('when on a terminal, then one bar is redrawn in place and ended with a newline', () => {
    captureStderr();
    const view = createProgressView({ json: false, tty: true });
    view.update('PROCESSING', 0.5, '25 fps');
    view.update('PROCESSING', 1);
    view.done();
    expect(writes[0]).toBe(`\r\x1b[2KPROCESSING [${'#'.repeat(14)}${'.'.repeat(14)}]  50.0% 25 fps`);
    expect(writes.at(-1)).toBe('\n');
  });

  it('when not on a terminal, then plain lines: one per status, progress at most every 2 s', () => {
    captureStderr();
    const view = createProgressView({ json: false, tty: false });
    view.update('QUEUED', 0);
    view.update('PROCESSING', 0.1);
    view.update('PROCESSING', 0.2);
    view.update('SUCCESS', 1);
    expect(writes).toEqual(['QUEUED   0.0%\n', 'PROCESSING  10.0%\n', 'SUCCESS 100.0%\n']);
  });

  it('when not on a terminal and the last update fell inside the 2 s throttle, then done() still shows it', () => {
    captureStderr();
    const view = createProgressView({ json: false, tty: false });
    view.update('UPLOAD', 0, 'big.mov 0.0 MB/11.8 MB');
    view.update('UPLOAD', 1, 'big.mov 11.8 MB/11.8 MB');
    view.done();
    expect(writes).toEqual(['UPLOAD   0.0% big.mov 0.0 MB/11.8 MB\n', 'UPLOAD 100.0% big.mov 11.8 MB/11.8 MB\n']);
  });

  it('when --json, then nothing is drawn', () => {
    captureStderr();
    createProgressView({ json: true, tty: true }).update('PROCESSING', 0.5);
    expect(writes).toEqual([]);
  });

  it('when ffmpeg progress is known, then fps, speed and ETA are described', () => {
    expect(describeProgress({ percent: 40, out_time_seconds: 1, fps: 25, speed: 1.5, eta_seconds: 2.2 })).toBe('25 fps 1.5x ETA 3s');
    expect(describeProgress(undefined)).toBe('');
  });
});
