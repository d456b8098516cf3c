/** The command id of the "send test" event: the nil UUID, so receivers can tell it apart. */
export const TEST_COMMAND_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The test event has the same shape as a real one (a poll body of a SUCCESS command), so
 * a receiver's parser is exercised as it will be; only the nil `command_id` marks it.
 */
export function presentTestCommand(now = new Date()) {
  return {
    command_id: TEST_COMMAND_ID,
    status: 'SUCCESS' as const,
    command_type: 'FFMPEG_COMMAND' as const,
    created_at: now.toISOString(),
    vcpu_count: 1,
    original_request: { output_files: {}, ffmpeg_command: '-version' },
    total_processing_seconds: 0,
    ffmpeg_command_run_seconds: 0,
    output_files: {},
  };
}
