import { describe, expect, it } from 'vitest';
import { loudnessArgv, parseLoudnorm } from './loudness';

/** The end of ffmpeg 5.1's stderr for `-af loudnorm=print_format=json` over a quiet sine. */
const CAPTURED = `size=N/A time=00:00:02.00 bitrate=N/A speed=18.3x
video:0kB audio:750kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown
[Parsed_loudnorm_0 @ 0x56466f0fb000]
{
	"input_i" : "-41.75",
	"input_tp" : "-38.06",
	"input_lra" : "0.00",
	"input_thresh" : "-51.75",
	"output_i" : "-24.05",
	"output_tp" : "-20.31",
	"output_lra" : "0.00",
	"output_thresh" : "-34.05",
	"normalization_type" : "linear",
	"target_offset" : "0.05"
}
`;

describe('loudnorm first pass', () => {
  it('reads the measured values from the JSON block', () => {
    expect(parseLoudnorm(CAPTURED)).toEqual({ input_i: -41.75, input_tp: -38.06, input_lra: 0, input_thresh: -51.75 });
  });

  it('answers null for silence (-inf) and for text without the block', () => {
    expect(parseLoudnorm(CAPTURED.replace('"-41.75"', '"-inf"'))).toBeNull();
    expect(parseLoudnorm('Stream mapping: {broken')).toBeNull();
  });

  it('maps the 1-based track to ffmpeg’s 0-based audio stream', () => {
    expect(loudnessArgv('/in.wav', 2)).toContain('0:a:1');
  });
});
