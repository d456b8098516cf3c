/**
 * SIGINT/SIGTERM stop a long-running CLI command once: the line says what happens to running
 * work, then `stop()` runs and the process exits 0 (1 if stopping failed). A second signal while
 * stopping is ignored, so a double Ctrl+C never cuts a clean stop short.
 */
export function stopOnSignals(whatHappens: string, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping (${whatHappens})`);
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
