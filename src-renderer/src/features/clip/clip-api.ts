import type { EditBody, EditMode } from '../../../../src-service/contract/edits.schema';
import type { z } from 'zod';
import type {
  KeyframesResponse,
  LocalFoldersResponse,
  ProxyResponse,
  SaveToResponse,
  SilencesResponse,
  SoundResponse,
  SubtitlesResponse,
  TimelineResponse,
} from '../../../../src-service/contract/file-facts.schema';
import { API, type FfdeskClient, type StoredFile } from '../../../../src-service/client';
import { createLocalFoldersApi } from '../../lib/local-folders-api';

/**
 * Every request of the clip view, in one place: the same /v1 calls a script makes
 * (docs/cutting.md), sent to the endpoints as declared in src-service/contract/endpoints/.
 */
export type { KeyframesResponse, LocalFoldersResponse, ProxyResponse, SaveToResponse, SoundResponse, TimelineResponse };
export type { EditMode };
/** The body of POST /v1/edits, as the clip view fills it. */
export type EditRequest = z.input<typeof EditBody>;

export function createClipApi(client: FfdeskClient) {
  const { call } = client;
  return {
    getFile: (id: string, signal?: AbortSignal, presignedTtlSeconds?: number) => client.getFile(id, { signal, presignedTtlSeconds }),
    getCommand: (id: string) => client.getCommand(id),
    keyframes: (fileId: string, signal?: AbortSignal): Promise<KeyframesResponse> => call(API.getFileKeyframes, { params: { file_id: fileId }, signal }),
    /** The sprite and the waveform of audio track `track` (default the first). */
    timeline: (fileId: string, signal?: AbortSignal, track?: number): Promise<TimelineResponse> =>
      call(API.getFileTimeline, { params: { file_id: fileId }, query: track ? { audio_track: track } : {}, signal }),
    proxy: (fileId: string, signal?: AbortSignal): Promise<ProxyResponse> => call(API.getFileProxy, { params: { file_id: fileId }, signal }),
    sound: (fileId: string, track: number, signal?: AbortSignal): Promise<SoundResponse> =>
      call(API.getFileSound, { params: { file_id: fileId }, query: { audio_track: track }, signal }),
    /** Where audio track `track` is quieter than `noiseDb` for `minSeconds` or more (Find silences, D). */
    silences: (fileId: string, track: number, noiseDb: number, minSeconds: number, signal?: AbortSignal): Promise<SilencesResponse> =>
      call(API.getFileSilences, { params: { file_id: fileId }, query: { audio_track: track, noise_db: noiseDb, min_seconds: minSeconds }, signal }),
    /** One text subtitle track as WebVTT, for the player. */
    subtitles: (fileId: string, track: number, signal?: AbortSignal): Promise<SubtitlesResponse> =>
      call(API.getFileSubtitles, { params: { file_id: fileId }, query: { subtitle_track: track }, signal }),
    ...createLocalFoldersApi(client),
    /** A file of the local disk stored without an upload (POST /v1/local/open). */
    openLocal: (path: string): Promise<StoredFile> => call(API.openLocalFile, { body: { path } }),
    submitEdit: (body: EditRequest) => client.runEdit(body),
  };
}

export type ClipApi = ReturnType<typeof createClipApi>;
