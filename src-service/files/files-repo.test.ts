import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open';
import { createAccountsRepo } from '../accounts/accounts-repo';
import { createFilesRepo, type FilesRepo } from './files-repo';
import { FILE_TRANSITIONS, type FileStatus } from './file-state';
import { IllegalTransitionError } from '../errors';

const STATUSES = Object.keys(FILE_TRANSITIONS) as FileStatus[];
/** Blob keys are unique: one per stored file. */
const blob = () => ({ blobKey: crypto.randomUUID(), sizeBytes: 3, media: {} });

let dir: string;
let db: Db;
let repo: FilesRepo;
let accountId: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-files-repo-'));
  db = openDatabase(path.join(dir, 'data'));
  repo = createFilesRepo(db);
  accountId = createAccountsRepo(db).createAccount('pro').id;
});
afterAll(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function fileIn(status: FileStatus): string {
  const id = crypto.randomUUID();
  repo.insert({ id, accountId, serviceStoreType: 'STORED_FILE', status, isPrivate: false, filename: 'in.mp4' });
  return id;
}

const statusOf = (id: string) => repo.getAny(id)?.status;

/** The repository's status writes as callers use them, from a given status. */
const WRITES: Record<string, (id: string, from: FileStatus) => boolean> = {
  setStored: (id, from) => repo.setStored(id, from, blob()),
  setFailed: (id, from) => repo.setFailed(id, from, 'CANCELLED', 'gone'),
  ...Object.fromEntries(STATUSES.map((to) => [`setStatus to ${to}`, (id: string, from: FileStatus) => repo.setStatus(id, from, to)])),
};

describe('stored-file status writes follow the state table', () => {
  it('every write the repository performs is in the table, every other pair throws, and every pair in the table can be written', () => {
    const performed = new Set<string>();
    for (const [name, write] of Object.entries(WRITES)) {
      for (const from of STATUSES) {
        const id = fileIn(from);
        let wrote: boolean;
        try {
          wrote = write(id, from);
        } catch (err) {
          expect(err, `${name} from ${from}`).toBeInstanceOf(IllegalTransitionError);
          expect(statusOf(id), `${name} from ${from} left the row alone`).toBe(from);
          continue;
        }
        const to = statusOf(id) as FileStatus;
        expect(wrote, `${name} from ${from}`).toBe(true);
        expect(FILE_TRANSITIONS[from], `${name}: ${from} -> ${to}`).toContain(to);
        performed.add(`${from} -> ${to}`);
      }
    }
    const table = Object.entries(FILE_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`));
    expect([...performed].sort()).toEqual(table.sort());
  });

  it('when a transition is not in the table, then it throws before touching the file', () => {
    const stored = fileIn('STORED');
    expect(() => repo.setFailed(stored, 'STORED', 'CANCELLED', 'late')).toThrow(/Illegal file transition STORED -> FAILED/);
    const uploading = fileIn('UPLOADING');
    expect(() => repo.setStored(uploading, 'UPLOADING', blob())).toThrow(IllegalTransitionError);
    expect(() => repo.setStatus(uploading, 'UPLOADING', 'DOWNLOADING')).toThrow(IllegalTransitionError);
    expect(repo.getAny(stored)).toMatchObject({ status: 'STORED', errorStatus: null });
    expect(repo.getAny(uploading)).toMatchObject({ status: 'UPLOADING', blobKey: null });
  });

  it('when the file is no longer in the expected status, or was deleted, then it is not stored and the write says so', () => {
    const aborted = fileIn('UPLOADING');
    expect(repo.setFailed(aborted, 'UPLOADING', 'UPLOAD_ABORTED', 'The upload was aborted')).toBe(true);
    expect(repo.setStatus(aborted, 'UPLOADING', 'UPLOADED')).toBe(false);
    expect(repo.getAny(aborted)).toMatchObject({ status: 'FAILED', errorStatus: 'UPLOAD_ABORTED', externalErrorMessage: 'The upload was aborted' });

    const deleted = fileIn('DOWNLOADED');
    repo.markDeleted(repo.getAny(deleted)!);
    expect(repo.setStored(deleted, 'DOWNLOADED', blob())).toBe(false);
    expect(repo.setFailed(deleted, 'DOWNLOADED', 'CANCELLED', 'The file was deleted before it was stored')).toBe(true);
    expect(repo.getAny(deleted)).toMatchObject({ status: 'FAILED', blobKey: null, isDeleted: true });
  });

  it('storing sets the blob and its sizes, and keeps the file name unless a new one is given', () => {
    const kept = fileIn('UPLOADED');
    const keptBlob = blob();
    expect(repo.setStored(kept, 'UPLOADED', keptBlob)).toBe(true);
    expect(repo.getAny(kept)).toMatchObject({
      status: 'STORED',
      blobKey: keptBlob.blobKey,
      sizeBytes: 3,
      sizeCompressedBytes: null,
      fileCount: null,
      filename: 'in.mp4',
    });
    const renamed = fileIn('DOWNLOADED');
    expect(repo.setStored(renamed, 'DOWNLOADED', { ...blob(), filename: 'out.mp4', sizeCompressedBytes: 2, fileCount: 4 })).toBe(true);
    expect(repo.getAny(renamed)).toMatchObject({ filename: 'out.mp4', sizeCompressedBytes: 2, fileCount: 4 });
  });

  it('no other service file writes a file status with its own SQL', () => {
    const root = path.resolve(__dirname, '..');
    const offenders = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && path.basename(f) !== 'files-repo.ts')
      .filter((f) => /UPDATE\s+files\s+SET[^`'"]*\bstatus\s*=/i.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
