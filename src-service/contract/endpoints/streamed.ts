import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { StoredFile } from '../records.schema';
import { errors, json } from '../responses';

// URL shapes the service hands out (files/urls.ts).
const PartParams = z.object({ file_id: z.string(), part_number: z.number().int().min(1).max(10_000) });
const PartQuery = z.object({ token: z.string().describe('The signature; part of the presigned URL') });
const StorageParams = z.object({ file_id: z.string(), name: z.string().describe('The file name (or a path inside a playlist)') });
const SignedStorageParams = z.object({ token: z.string(), ...StorageParams.shape });

/** Endpoints that stream their own bodies: the multipart form upload and upload parts (routes that read nothing before their handler), and storage URLs (served past the router after their signature check, docs/performance.md). */
export const streamedEndpoints = defineEndpoints({
  uploadFileForm: {
    bodyKind: 'raw',
    method: 'post',
    path: '/v1/files/upload',
    tag: 'Uploads',
    summary: 'Upload one file as a multipart form (field upload_file, or file), up to 5 GiB',
    description:
      'Streamed to disk, probed and stored before the answer: the stored-file record (STORED). 415 for a body that is not multipart/form-data; 413 past 5 GiB (use init-upload).',
    form: { upload_file: 'The file (the field may also be named file)' },
    responses: { '200': json('The stored-file record', StoredFile), ...errors(401, 403, 413, 415, 422, 429, 507) },
  },
  uploadPart: {
    bodyKind: 'raw',
    method: 'put',
    path: '/uploads/{file_id}/parts/{part_number}',
    tag: 'Uploads',
    auth: false,
    params: PartParams,
    query: PartQuery,
    summary: 'Upload one part to a presigned URL from upload_urls (docs/api.md §4.8b)',
    description:
      'No key header: the signed query (token) is the grant, valid 6 hours. Answers an opaque quoted ETag to hand back to complete-upload. ' +
      'With a Content-MD5 header (base64 MD5 of the part) the bytes are verified (400 on mismatch) and the ETag is the quoted hex MD5.',
    responses: {
      '200': {
        description: 'Stored',
        headers: { ETag: 'Opaque, quoted; the hex MD5 when Content-MD5 was sent', 'Server-Timing': "Where the part's time went (receive, hash)" },
      },
      ...errors(400, 403, 404, 507),
    },
  },
  downloadFile: {
    bodyKind: 'raw',
    method: 'get',
    path: '/storage/{file_id}/{name}',
    tag: 'Storage',
    auth: false,
    summary: 'A public storage_url: the bytes, with Content-Type, Content-Length, ETag, Range (206) and HEAD (docs/choices.md)',
    description: 'Playlist segments resolve relative to the manifest (/storage/{file_id}/{segment path}).',
    params: StorageParams,
    responses: { '200': { description: 'The file', headers: { ETag: 'Validator for If-None-Match' } }, '206': { description: 'A Range' }, ...errors(403, 404) },
  },
  downloadPresigned: {
    bodyKind: 'raw',
    method: 'get',
    path: '/storage/s/{token}/{file_id}/{name}',
    tag: 'Storage',
    auth: false,
    summary: 'A presigned storage_url of a private file (from presigned_ttl_seconds); 403 once expired or tampered',
    params: SignedStorageParams,
    responses: { '200': { description: 'The file' }, '206': { description: 'A Range' }, ...errors(403, 404) },
  },
});
