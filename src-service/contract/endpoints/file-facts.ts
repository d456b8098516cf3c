import { defineEndpoints } from '../endpoint';
import { CommandIdParams } from '../commands.schema';
import { FileIdParams } from '../files.schema';
import {
  KeyframesResponse,
  LocalFoldersQuery,
  AudioTrackQuery,
  LoudnessResponse,
  LocalFoldersResponse,
  NewFolderBody,
  OpenLocalBody,
  ProxyResponse,
  RevealBody,
  RevealResponse,
  SaveToBody,
  SaveToResponse,
  SoundResponse,
  SubtitlesResponse,
  SubtitleTrackQuery,
  TimelineResponse,
} from '../file-facts.schema';
import { errors, json } from '../responses';
import { StoredFile } from '../records.schema';

const LOCAL_ONLY = 'Only the local account on a service bound to a loopback address; 403 otherwise (docs/api.md, "Local folders").';

/** Facts about a stored file for the clip view, and saving into local folders (docs/api.md, "File facts"). */
export const fileFactEndpoints = defineEndpoints({
  getFileKeyframes: {
    method: 'get',
    path: '/v1/files/{file_id}/keyframes',
    tag: 'File facts',
    summary: 'Key packet times of the first video stream, duration, frame rate (computed once per file)',
    params: FileIdParams,
    responses: { '200': json('Keyframes', KeyframesResponse), ...errors(401, 404, 409, 422) },
  },
  getFileTimeline: {
    method: 'get',
    path: '/v1/files/{file_id}/timeline',
    tag: 'File facts',
    summary: 'Timeline images: a thumbnail sprite and an audio waveform (computed once per file, the waveform once per audio track)',
    description: 'Answers 409 when the file has no such audio track.',
    params: FileIdParams,
    query: AudioTrackQuery,
    responses: { '200': json('Timeline', TimelineResponse), ...errors(401, 404, 409, 422) },
  },
  getFileProxy: {
    method: 'get',
    path: '/v1/files/{file_id}/proxy',
    tag: 'File facts',
    summary: 'Whether Chromium plays the file; if not, a small H.264/AAC proxy made in the background',
    description: 'The first call for a file that needs one starts the proxy and answers PENDING; ask again until READY or FAILED.',
    params: FileIdParams,
    responses: { '200': json('Proxy state', ProxyResponse), ...errors(401, 404, 409, 422) },
  },
  getFileLoudness: {
    method: 'get',
    path: '/v1/files/{file_id}/loudness',
    tag: 'File facts',
    summary: 'Loudness of one audio track as measured by loudnorm (the first pass of a two-pass normalisation; computed once per file and track)',
    description: 'Answers 409 when the file has no such audio track.',
    params: FileIdParams,
    query: AudioTrackQuery,
    responses: { '200': json('Loudness', LoudnessResponse), ...errors(401, 404, 409, 422) },
  },
  getFileSound: {
    method: 'get',
    path: '/v1/files/{file_id}/sound',
    tag: 'File facts',
    summary: "One audio track's sound alone, to play beside the picture (made in the background once per file and track)",
    description:
      'A player plays the first audio track of a video; this gives any track (listed in the keyframes answer) as its own MP4 audio file. The first call starts it and answers PENDING; ask again until READY or FAILED. Answers 409 when the file has no such audio track.',
    params: FileIdParams,
    query: AudioTrackQuery,
    responses: { '200': json('Sound state', SoundResponse), ...errors(401, 404, 409, 422) },
  },
  getFileSubtitles: {
    method: 'get',
    path: '/v1/files/{file_id}/subtitles',
    tag: 'File facts',
    summary: 'One text subtitle track as WebVTT, to show over the picture (made once per file and track)',
    description:
      'The tracks are listed in the keyframes answer (`subtitle_tracks`). Answers 409 when the file has no such subtitle track, or when the track is made of pictures (PGS, DVD, DVB).',
    params: FileIdParams,
    query: SubtitleTrackQuery,
    responses: { '200': json('Subtitle text', SubtitlesResponse), ...errors(401, 404, 409, 422) },
  },
  listLocalFolders: {
    method: 'get',
    path: '/v1/local/folders',
    tag: 'Local folders',
    summary: 'Sub-folders of a folder inside the home folder (the web folder picker)',
    description: LOCAL_ONLY,
    query: LocalFoldersQuery,
    responses: { '200': json('Folder listing', LocalFoldersResponse), ...errors(400, 401, 403, 404, 422) },
  },
  makeLocalFolder: {
    method: 'post',
    path: '/v1/local/folders',
    tag: 'Local folders',
    summary: 'Make a folder inside a folder of the home folder (the folder picker\'s "New folder")',
    description: `${LOCAL_ONLY} A folder of that name already there is answered as made; a file of that name is a 409.`,
    body: NewFolderBody,
    responses: { '200': json('The new folder, listed', LocalFoldersResponse), ...errors(400, 401, 403, 404, 409, 422) },
  },
  saveCommandOutputsTo: {
    method: 'post',
    path: '/v1/commands/{command_id}/save-to',
    tag: 'Local folders',
    summary: "Write a command's stored outputs into a local folder, never overwriting",
    description: `${LOCAL_ONLY} A name already taken gets a numbered suffix: "clip (1).mp4".`,
    params: CommandIdParams,
    body: SaveToBody,
    responses: { '200': json('Where each output was written', SaveToResponse), ...errors(400, 401, 403, 404, 409, 422) },
  },
  openLocalFile: {
    method: 'post',
    path: '/v1/local/open',
    tag: 'Local folders',
    summary: 'Store a media file of the local disk without uploading it (the clip view\'s "Open from disk")',
    description: `${LOCAL_ONLY} Copied in the kernel, probed and stored like an upload; content stored before answers that file again.`,
    body: OpenLocalBody,
    responses: { '200': json('The stored-file record', StoredFile), ...errors(400, 401, 403, 404, 422, 507) },
  },
  revealLocalPath: {
    method: 'post',
    path: '/v1/local/reveal',
    tag: 'Local folders',
    summary: 'Show a file or folder in the desktop file manager ("Show in folder" in web mode)',
    description: LOCAL_ONLY,
    body: RevealBody,
    responses: { '200': json('The folder opened', RevealResponse), ...errors(400, 401, 403, 404, 422) },
  },
});
