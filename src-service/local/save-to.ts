import fs from 'node:fs/promises';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { FilesRepo } from '../files/files-repo';
import type { BlobStore } from '../storage/blob-store';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../errors';
import { isFolderBlob } from '../files/storage-access';
import { realHome, resolveInsideHome } from './local-only';
import { DEFAULT_PATTERN, nameFromPattern, unknownPlaceholders } from './save-names';
import { writeExclusive } from './create-exclusive';

export interface SaveToDeps {
  files: FilesRepo;
  commands: CommandsRepo;
  blobs: BlobStore;
}

/** One output copied out: which stored file, and the new file's path. */
export interface SavedOutput {
  fileId: string;
  path: string;
}

/**
 * `POST /v1/commands/{id}/save-to`: copies a command's stored outputs into a folder inside home,
 * each under the pattern's name, never over an existing file (O_EXCL creation with a numbered
 * suffix; O_NOFOLLOW so a planted symlink is never written through). Stored files stay.
 */
export async function saveOutputsTo(deps: SaveToDeps, accountId: string, commandId: string, folder: string, pattern = DEFAULT_PATTERN): Promise<SavedOutput[]> {
  const unknown = unknownPlaceholders(pattern);
  if (unknown.length > 0) throw ValidationError.at(['body', 'pattern'], `unknown placeholder ${unknown.join(', ')}: use {name}, {segment}, {ext}`);
  if (!deps.commands.get(accountId, commandId)) throw new NotFoundError('Command not found');
  const outputs = deps.files
    .byCommand(commandId)
    .filter((r) => r.accountId === accountId && !r.isDeleted && r.status === 'STORED' && r.blobKey !== null && !isFolderBlob(r));
  if (outputs.length === 0) throw new ConflictError('The command has no stored outputs to save');
  const names = outputs.map((r, i) => nameFromPattern(pattern, r.filename, i + 1));
  if (names.some((n) => n === null)) throw ValidationError.at(['body', 'pattern'], 'the pattern must give a plain file name (no / or \\)');
  const dir = await resolveInsideHome(folder, await realHome(), 'folder');
  if (!(await fs.stat(dir)).isDirectory()) throw new BadRequestError(`Not a folder: ${folder}`);
  const saved: SavedOutput[] = [];
  for (const [i, row] of outputs.entries())
    saved.push({ fileId: row.id, path: await writeExclusive(dir, names[i] as string, await deps.blobs.openRead(row.blobKey as string)) });
  return saved;
}
