import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../../../src-service/client';
import { jobFacts, jobKind } from './job-facts';

const record = (request: object, more: Partial<CommandRecord> = {}): CommandRecord =>
  ({
    command_id: 'c1',
    status: 'SUCCESS',
    command_type: 'FFMPEG_CHAINED_COMMANDS',
    created_at: '2026-01-01T00:00:00Z',
    vcpu_count: 2,
    original_request: request,
    ...more,
  }) as unknown as CommandRecord;

const cut = { input: 'f1', segments: [{ start: 1, end: 2 }], output: { filename: 'a.mp4' } };

describe('job facts', () => {
  it('when the job is a cut, then its type says Cut and how, not "Chained", before and after it is planned', () => {
    expect(jobKind(record(cut))).toBe('Cut (smart)');
    expect(jobKind(record({ ...cut, mode: 'lossless' }))).toBe('Cut (lossless)');
    const fellBack = { mode: 'smart', mode_used: 'reencode', segments: [] } as const;
    expect(jobKind(record(cut, { edit: fellBack as unknown as CommandRecord['edit'] }))).toBe('Cut (smart, ran as re-encode)');
    // A sound's smart cut (re-encoded: no frames to copy) is the Cut screen's Exact; its lossless stays lossless.
    const sound = { ...cut, output: { filename: 'talk.wav' } };
    expect(jobKind(record(sound, { edit: fellBack as unknown as CommandRecord['edit'] }))).toBe('Cut (exact)');
    expect(jobKind(record({ ...sound, mode: 'lossless' }))).toBe('Cut (lossless)');
    expect(jobKind(record({ ...cut, output: { filename: 'a-00.00.01.00.png' } }))).toBe('Frame capture');
    expect(jobKind(record({ ...cut, segments: [cut.segments[0], { start: 3, end: 4 }], output: { filename: 'a.JPG' } }))).toBe('Frame captures');
  });

  it('when the job is a command, then chained ones count their steps and single ones say so', () => {
    expect(jobKind(record({ ffmpeg_commands: ['-i a b', '-i b c', '-i c d'] }))).toBe('Chained, 3 steps');
    expect(jobKind(record({ ffmpeg_command: '-i a b' }, { command_type: 'FFMPEG_COMMAND' }))).toBe('One FFmpeg command');
    expect(jobKind(record({ ffmpeg_command: '-i a b', segmented: {} }, { command_type: 'FFMPEG_COMMAND' }))).toBe('Segmented encode');
  });

  it('when FFmpeg ran longer than the job took (runs side by side), then its figure is called a sum and the hint says why', () => {
    const facts = jobFacts(record(cut, { total_processing_seconds: 3.5, ffmpeg_command_run_seconds: 5.4 }), 'now');
    expect(facts.find((f) => f.label === 'Time taken')?.value).toBe('3.5 s');
    const ffmpeg = facts.find((f) => f.label === 'FFmpeg time (runs added)');
    expect(ffmpeg?.value).toBe('5.4 s');
    expect(ffmpeg?.hint).toMatch(/side by side/);
    const single = jobFacts(record({ ffmpeg_command: 'x' }, { total_processing_seconds: 3, ffmpeg_command_run_seconds: 2 }), 'now');
    expect(single.some((f) => f.hint)).toBe(false);
  });
});
