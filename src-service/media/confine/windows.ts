/**
 * Windows gets no operating-system confinement (docs/sandbox.md): an AppContainer or a
 * restricted token needs native code (CreateProcessAsUser / the AppContainer APIs) that
 * Node cannot call without a native module, and a job object alone limits resources, not
 * file access. Said plainly so `require` fails with this reason instead of pretending.
 */
export const WINDOWS_REASON =
  "Windows: FFDesk has no operating-system sandbox for ffmpeg here (AppContainer and restricted tokens need native code it does not ship); ffmpeg runs with your user's rights, confined only by the argument checks. Set FFDESK_SANDBOX=prefer to run anyway";
