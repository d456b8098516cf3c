import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsBlobStore } from './blob-store';
import { openUnder, UntrustedFileError } from './no-follow';
import { writeZip } from './zip';
import { runWatchSwapRace } from '../testing/hardening/swap-race';

let tmp: string;
let work: string;
let secret: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-nofollow-'));
  work = path.join(tmp, 'work');
  fs.mkdirSync(work);
  secret = path.join(tmp, 'secret.txt');
  fs.writeFileSync(secret, 'SECRET');
  fs.writeFileSync(path.join(work, 'ok.bin'), 'fine');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function refusal(rel: string): Promise<string> {
  try {
    const f = await openUnder(work, rel);
    await f.fh.close();
    return 'opened';
  } catch (err) {
    expect(err).toBeInstanceOf(UntrustedFileError);
    return (err as UntrustedFileError).why;
  }
}

describe('openUnder (files out of a job folder)', () => {
  it('when the file is a regular file with one name, then it opens and its descriptor reads it', async () => {
    const f = await openUnder(work, 'ok.bin');
    expect(f.stat.size).toBe(4);
    expect((await f.fh.readFile()).toString()).toBe('fine');
    await f.fh.close();
  });

  it('when the file is a symbolic link (absolute or relative), then it is refused', async () => {
    fs.symlinkSync(secret, path.join(work, 'abs.bin'));
    fs.symlinkSync('../secret.txt', path.join(work, 'rel.bin'));
    expect(await refusal('abs.bin')).toBe('is a symbolic link');
    expect(await refusal('rel.bin')).toBe('is a symbolic link');
  });

  it('when a folder in the path is a symbolic link, then it is refused', async () => {
    fs.symlinkSync(tmp, path.join(work, 'up'));
    expect(await refusal('up/secret.txt')).toMatch(/symbolic link/);
  });

  it('when the file is a FIFO, then it is refused without waiting for a writer', async () => {
    execFileSync('mkfifo', [path.join(work, 'pipe.bin')]);
    expect(await refusal('pipe.bin')).toBe('is a FIFO (named pipe)');
  });

  it('when the file has a second name (hard link), then it is refused', async () => {
    fs.linkSync(path.join(work, 'ok.bin'), path.join(work, 'twin.bin'));
    expect(await refusal('twin.bin')).toMatch(/hard link/);
  });

  it('when the name climbs out or is missing, then it is refused (missing flagged as such)', async () => {
    expect(await refusal('../secret.txt')).toBe('is not a plain relative path');
    await expect(openUnder(work, 'none.bin')).rejects.toMatchObject({ missing: true });
  });
});

describe('storing from the checked descriptor', () => {
  it('when a checked file is stored, then the blob holds its bytes and the job folder no longer has it', async () => {
    const blobs = createFsBlobStore(path.join(tmp, 'blobs'));
    const f = await openUnder(work, 'ok.bin');
    const info = await blobs.putChecked(f);
    await f.fh.close();
    expect(info.sizeBytes).toBe(4);
    expect(fs.readFileSync(blobs.localPath(info.key) as string, 'utf8')).toBe('fine');
    expect(fs.existsSync(path.join(work, 'ok.bin'))).toBe(false);
  });

  it('when the name is swapped for a link after the check, then the stored inode differs and nothing is stored', async () => {
    const blobs = createFsBlobStore(path.join(tmp, 'blobs'));
    const f = await openUnder(work, 'ok.bin');
    fs.rmSync(path.join(work, 'ok.bin'));
    fs.symlinkSync(secret, path.join(work, 'ok.bin'));
    await expect(blobs.putChecked(f)).rejects.toThrow(/replaced while it was being stored/);
    await f.fh.close();
    const stored: string[] = [];
    for await (const key of blobs.listKeys()) stored.push(key);
    expect(stored).toEqual([]);
  });

  it('when a playlist folder holds a link segment, then putDir (untrusted) refuses it', async () => {
    const blobs = createFsBlobStore(path.join(tmp, 'blobs'));
    fs.symlinkSync(secret, path.join(work, 's0.ts'));
    await expect(blobs.putDir(work, ['ok.bin', 's0.ts'], { untrusted: true })).rejects.toThrow(/s0.ts is a symbolic link/);
  });

  it('when a zip member is a link, then writeZip fails naming it and leaves no zip', async () => {
    fs.symlinkSync(secret, path.join(work, 'leak.txt'));
    const dest = path.join(tmp, 'o.zip');
    await expect(writeZip(work, ['ok.bin', 'leak.txt'], dest)).rejects.toThrow(/leak.txt is a symbolic link/);
    expect(fs.existsSync(dest)).toBe(false);
  });

  it('when a stored blob is replaced by a link, then openRead refuses to follow it', async () => {
    const blobs = createFsBlobStore(path.join(tmp, 'blobs'));
    const f = await openUnder(work, 'ok.bin');
    const info = await blobs.putChecked(f);
    await f.fh.close();
    const p = blobs.localPath(info.key) as string;
    fs.rmSync(p);
    fs.symlinkSync(secret, p);
    await expect(blobs.openRead(info.key)).rejects.toThrow(/not found/i);
    expect(await blobs.stat(info.key)).toBeNull();
  });
});

describe('watch folder swap race', () => {
  it('when a watched file is swapped for a link to a private file after its check, then the copy holds the checked bytes, never the private ones', async () => {
    // The swap lands between the check and the read: the read goes through the checked descriptor.
    const race = await runWatchSwapRace(tmp, secret);
    expect(race.copied).toBe('the dropped file');
    expect(race.size).toBe('the dropped file'.length);
    // And once swapped, opening it again is refused.
    expect(race.reopen).toMatch(/symbolic link/);
  });
});
