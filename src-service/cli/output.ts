import type { CommandProgress } from '../client/index';

/** Machine output: one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLine(text: string): void {
  process.stdout.write(`${text}\n`);
}

/**
 * A plain text table: a header row, then one row per item, columns padded to their widest
 * cell and separated by two spaces (no box drawing, so it pipes, greps and cuts well).
 */
export function formatTable(rows: Record<string, string>[], columns: string[]): string {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...rows.map((r) => line(columns.map((c) => r[c] ?? '')))].join('\n');
}

export function printTable(rows: Record<string, string>[], columns: string[]): void {
  printLine(formatTable(rows, columns));
}

/**
 * A reader that stops early (`ffdesk files ls | head`) closes the pipe: the rest of the
 * output is not wanted, so the CLI ends quietly instead of crashing on EPIPE.
 */
export function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
}

/** Status on stderr, so stdout stays clean for ids, URLs and JSON. */
export function note(text: string): void {
  process.stderr.write(`${text}\n`);
}

const BAR_WIDTH = 28;
const PLAIN_EVERY_MS = 2_000;

/**
 * Progress: a redrawn bar on a terminal, plain lines otherwise (logs, CI), none with --json.
 * Lines go to stderr.
 */
export function createProgressView(opts: { json: boolean; tty?: boolean }) {
  const tty = opts.tty ?? Boolean(process.stderr.isTTY);
  let lastLine = '';
  let lastPlainAt = 0;
  let held = ''; // a plain line skipped by the throttle, shown by done() so the last state is never lost
  let drawn = false;
  return {
    update(label: string, fraction: number | null, detail = ''): void {
      if (opts.json) return;
      const pct = fraction === null ? '' : ` ${(fraction * 100).toFixed(1).padStart(5)}%`;
      if (tty) {
        const filled = fraction === null ? 0 : Math.round(Math.min(1, Math.max(0, fraction)) * BAR_WIDTH);
        process.stderr.write(`\r\x1b[2K${label.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]${pct} ${detail}`);
        drawn = true;
        return;
      }
      const line = `${label}${pct}${detail ? ` ${detail}` : ''}`;
      const isNewLabel = !lastLine.startsWith(label);
      if (line === lastLine) return;
      if (!isNewLabel && Date.now() - lastPlainAt < PLAIN_EVERY_MS) {
        held = line;
        return;
      }
      held = '';
      note(line);
      lastLine = line;
      lastPlainAt = Date.now();
    },
    done(): void {
      if (tty && drawn) process.stderr.write('\n');
      if (held) note(held);
      held = '';
      drawn = false;
    },
  };
}

/** "12.0 fps 1.5x ETA 4s" from ffmpeg progress (docs/choices.md: Records, progress). */
export function describeProgress(p: CommandProgress | undefined): string {
  if (!p) return '';
  const parts = [
    p.fps ? `${p.fps} fps` : '',
    p.speed ? `${p.speed}x` : '',
    p.eta_seconds !== null && p.eta_seconds !== undefined ? `ETA ${Math.ceil(p.eta_seconds)}s` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

export function formatMb(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}
