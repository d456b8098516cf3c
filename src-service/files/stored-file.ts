import type { FailureStatus, ServiceStoreType } from '../contract/enums';
import type { MediaFields } from '../media/probe';
import type { FileStatus } from './file-state';

/**
 * What ffprobe told about a stored file, or `{}` before it was probed. These are the wire
 * record's media fields, kept in its snake_case: the presenter spreads them into the record.
 */
export type FileMedia = Partial<MediaFields>;

/**
 * A stored file as the domain sees it: camelCase, booleans and parsed media. The repository
 * maps its row to this at its edge (files/files-repo.ts); the presenter maps it to the
 * snake_case wire record (docs/architecture.md, Rows and domain objects).
 */
export interface StoredFile {
  /** Insertion order: the list's order. */
  seq: number;
  id: string;
  accountId: string;
  /** The command that produced it (an output), else null. */
  commandId: string | null;
  outputAlias: string | null;
  serviceStoreType: ServiceStoreType;
  status: FileStatus;
  isPrivate: boolean;
  isDeleted: boolean;
  /** Where its bytes are in the blob store; null until stored, and again once deleted. */
  blobKey: string | null;
  filename: string;
  sizeBytes: number | null;
  sizeCompressedBytes: number | null;
  fileCount: number | null;
  media: FileMedia;
  originalFileUrl: string | null;
  errorStatus: FailureStatus | null;
  externalErrorMessage: string | null;
  /** The content hash (contract/content-hash.ts) of an uploaded or fetched file once stored, else null. */
  contentHash: string | null;
  createdAt: string;
  deletedAt: string | null;
}

/** A file record to create. */
export interface NewFile {
  id: string;
  accountId: string;
  serviceStoreType: ServiceStoreType;
  status: FileStatus;
  isPrivate: boolean;
  filename: string;
  commandId?: string | null;
  outputAlias?: string | null;
  blobKey?: string | null;
  sizeBytes?: number | null;
  sizeCompressedBytes?: number | null;
  fileCount?: number | null;
  media?: FileMedia | null;
  originalFileUrl?: string | null;
}

/** The bytes a file now has: set together when it becomes STORED. */
export interface StoredBlob {
  blobKey: string;
  sizeBytes: number;
  sizeCompressedBytes?: number | null;
  fileCount?: number | null;
  media: FileMedia;
  filename?: string;
  contentHash?: string;
}
