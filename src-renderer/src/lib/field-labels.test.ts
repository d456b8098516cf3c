import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels';

describe('fieldLabel', () => {
  it('names top-level fields in editor words', () => {
    expect(fieldLabel(['body', 'input_files'])).toBe('Inputs');
    expect(fieldLabel(['body', 'max_command_run_seconds'])).toBe('Max run time (s)');
    expect(fieldLabel(['body', 'ffmpeg_command'])).toBe('Command');
    expect(fieldLabel(['vcpu_count'])).toBe('Cores (vCPUs)');
  });
  it('counts steps from 1', () => {
    expect(fieldLabel(['body', 'steps', 0])).toBe('Step 1');
    expect(fieldLabel(['body', 'ffmpeg_commands', 2])).toBe('Step 3');
  });
  it('names input and output rows by their alias', () => {
    expect(fieldLabel(['body', 'input_files', 'in_1'])).toBe('Input in_1');
    expect(fieldLabel(['body', 'output_files', 'out_1'])).toBe('Output out_1');
  });
  it('keeps an unknown field as it is, and names an empty path', () => {
    expect(fieldLabel(['body', 'mystery'])).toBe('mystery');
    expect(fieldLabel(['body'])).toBe('The request');
  });
});
