import type { ConfineRequest } from './policy';

export const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

/**
 * A Seatbelt profile for sandbox-exec (docs/sandbox.md): deny everything, then allow what
 * ffmpeg needs: read the system libraries and the binary, exec the binary, read-write the
 * job folder, read the files given read-only, /dev/null-class devices. No network rule is
 * allowed, so every socket is denied. Paths come in as -D parameters, never spliced into
 * the profile text, so no file name can change the rules.
 */
export function sandboxProfile(req: Pick<ConfineRequest, 'writable' | 'readable'>): string {
  const rw = req.writable.map((_, i) => `(subpath (param "RW${i}"))`).join(' ');
  const ro = req.readable.map((_, i) => `(subpath (param "RO${i}"))`).join(' ');
  return [
    '(version 1)',
    '(deny default)',
    '(allow process-fork)',
    '(allow process-exec (literal (param "BIN")))',
    '(allow signal (target self))',
    '(allow sysctl-read)',
    '(allow file-read* (literal (param "BIN")) (subpath "/usr/lib") (subpath "/usr/share") (subpath "/System/Library") (subpath "/Library/Apple") (subpath "/private/var/db/dyld") (subpath "/System/Volumes/Preboot/Cryptexes"))',
    // Homebrew's ffmpeg loads its libraries from there: installed software, no user data.
    '(allow file-read* (subpath "/opt/homebrew") (subpath "/usr/local/Cellar") (subpath "/usr/local/opt") (subpath "/usr/local/lib"))',
    '(allow file-read-metadata (literal "/") (literal "/private") (literal "/private/var") (literal "/usr") (literal "/System"))',
    '(allow file-read* file-write-data (literal "/dev/null") (literal "/dev/zero") (literal "/dev/random") (literal "/dev/urandom"))',
    ...(rw ? [`(allow file-read* file-write* ${rw})`] : []),
    ...(ro ? [`(allow file-read* ${ro})`] : []),
  ].join('\n');
}

/** sandbox-exec's argv for one run; paths should be real paths (macOS's /tmp is /private/tmp). */
export function sandboxExecArgs(req: ConfineRequest, realpath: (p: string) => string = (p) => p): string[] {
  const params = [
    '-D',
    `BIN=${realpath(req.bin)}`,
    ...req.writable.flatMap((p, i) => ['-D', `RW${i}=${realpath(p)}`]),
    ...req.readable.flatMap((p, i) => ['-D', `RO${i}=${realpath(p)}`]),
  ];
  return ['-p', sandboxProfile(req), ...params, req.bin, ...req.argv];
}
