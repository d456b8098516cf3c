import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A stand-in for "code execution inside ffmpeg" (SECURITY.md assumes a decoder exploit is
 * possible): a shell script set as FFDESK_FFMPEG_PATH. When the last argument (the output)
 * has one of the names below it does what exploited code could do in the job folder —
 * leave a link, a FIFO, a hard link — and exits 0; any other run is the real ffmpeg, so
 * the service starts and every other test runs as usual. It runs inside the sandbox when
 * the sandbox is on (the script is bound read-only like any ffmpeg outside /usr).
 */
export const STANDIN_ACTIONS: Record<string, string> = {
  // An absolute link to a file outside every job folder.
  'standin-link-abs.bin': 'ln -s "$OUTSIDE/canary.txt" "$last"',
  // Relative links to the data dir: the service's database (with its signing keys) and a secret.
  'standin-link-db.bin': 'ln -s ../../ffdesk.db "$last"',
  'standin-link-secret.bin': 'ln -s ../../canary-secret.txt "$last"',
  // A second name for a file (a hard link inside the folder: the sandbox allows no other).
  'standin-hardlink.bin': 'echo twin > "$last.src" && ln "$last.src" "$last"',
  // A FIFO: reading it would block whoever opens it.
  'standin-fifo.bin': 'mkfifo "$last"',
  // OUTPUT_FOLDER: one fine file and a link beside it.
  'standin-folder.txt': 'echo fine > "$last" && ln -s ../../canary-secret.txt leak.txt',
  // A playlist whose segment is a link.
  'standin-playlist.m3u8':
    'printf "#EXTM3U\\n#EXT-X-TARGETDURATION:1\\n#EXTINF:1,\\nstandin-playlist0.ts\\n#EXT-X-ENDLIST\\n" > "$last" && ln -s ../../canary-secret.txt standin-playlist0.ts',
  // A folder next to the output swapped for a link to the data dir.
  'standin-dirlink.bin': 'echo x > "$last" && ln -s ../.. up',
  // Descriptor leaks: the shell lists the descriptors it holds (ls runs in a child, so the shell's list is untouched).
  'standin-fds.txt': 'ls -l /proc/$$/fd/ > "$last"',
};

/** The descriptor numbers in a `standin-fds.txt` listing (`... 3 -> socket:[123]`). */
export function listedFds(listing: string): string[] {
  return [...listedTargets(listing).keys()];
}

/** What each descriptor of a `standin-fds.txt` listing points at: number → target (`socket:[123]`, `/dev/null`). */
export function listedTargets(listing: string): Map<string, string> {
  return new Map([...listing.matchAll(/ (\d+) -> (.*)$/gm)].map((m) => [m[1] as string, (m[2] as string).trim()]));
}

/** Writes the stand-in into `dir` and returns its path; `outside` is the canary folder. */
export function writeStandinFfmpeg(dir: string, outside: string): string {
  const real = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
  const cases = Object.entries(STANDIN_ACTIONS)
    .map(([name, action]) => `  ${name}) ${action}; exit $? ;;`)
    .join('\n');
  const script = `#!/bin/sh\nOUTSIDE='${outside}'\nfor last; do :; done\ncase "\${last##*/}" in\n${cases}\nesac\nexec ${real} "$@"\n`;
  const file = path.join(dir, 'standin-ffmpeg');
  fs.writeFileSync(file, script, { mode: 0o755 });
  return file;
}
