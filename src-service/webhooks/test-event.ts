/** The command id of the "send test" event: the nil UUID, so receivers can tell it apart. */
export const TEST_COMMAND_ID = '00000000-0000-0000-0000-000000000000';
