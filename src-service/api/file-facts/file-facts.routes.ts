import type Router from '@koa/router';
import { NotFoundError } from '../../errors';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { fileFactEndpoints } from '../../contract/endpoints/file-facts';
import type { FileFacts } from '../../facts/file-facts';
import { assertLocalOnly } from '../../local/local-only';
import { listFolders, makeFolder } from '../../local/folders';
import { saveOutputsTo, type SaveToDeps } from '../../local/save-to';
import { revealPath } from '../../local/reveal';
import {
  presentKeyframes,
  presentLoudness,
  presentProxy,
  presentSavedOutputs,
  presentSilences,
  presentSound,
  presentSubtitles,
  presentTimeline,
} from './file-facts.presenter';

const {
  getFileKeyframes,
  getFileTimeline,
  getFileProxy,
  getFileLoudness,
  getFileSilences,
  getFileSound,
  getFileSubtitles,
  listLocalFolders,
  makeLocalFolder,
  saveCommandOutputsTo,
  revealLocalPath,
} = fileFactEndpoints;

/** The clip view's file facts (docs/api.md, "File facts"). */
export function fileFactRoutes(facts: FileFacts): Router {
  return mountEndpoints(
    createRouter(),
    { getFileKeyframes, getFileTimeline, getFileProxy, getFileLoudness, getFileSilences, getFileSound, getFileSubtitles },
    {
      getFileKeyframes: async (ctx, { params }) => presentKeyframes(await facts.keyframes(accountOf(ctx).id, params.file_id)),
      getFileTimeline: async (ctx, { params, query }) => presentTimeline(await facts.timeline(accountOf(ctx).id, params.file_id, query.audio_track)),
      getFileProxy: async (ctx, { params }) => presentProxy(await facts.proxy(accountOf(ctx).id, params.file_id)),
      getFileLoudness: async (ctx, { params, query }) => presentLoudness(await facts.loudness(accountOf(ctx).id, params.file_id, query.audio_track)),
      getFileSilences: async (ctx, { params, query }) =>
        presentSilences(await facts.silences(accountOf(ctx).id, params.file_id, query.audio_track, query.noise_db, query.min_seconds)),
      getFileSound: async (ctx, { params, query }) => presentSound(await facts.sound(accountOf(ctx).id, params.file_id, query.audio_track)),
      getFileSubtitles: async (ctx, { params, query }) => presentSubtitles(await facts.subtitles(accountOf(ctx).id, params.file_id, query.subtitle_track)),
    },
  );
}

export interface LocalDeps extends SaveToDeps {
  /** The address the service is bound to. */
  host: string;
  localAccountId(): string | undefined;
}

/** Local folders for web mode: the local account on a loopback service only (docs/api.md, "Local folders"). */
export function localFolderRoutes(deps: LocalDeps): Router {
  // The refusal comes before the input is read: another account learns nothing from a 422.
  const guard = (accountId: string) => assertLocalOnly(accountId, deps.localAccountId(), deps.host);
  return mountEndpoints(
    createRouter(),
    { listLocalFolders, makeLocalFolder, saveCommandOutputsTo, revealLocalPath },
    {
      listLocalFolders: (ctx, input) => {
        guard(accountOf(ctx).id);
        return listFolders(input.query.path, input.query.files);
      },
      makeLocalFolder: (ctx, input) => {
        guard(accountOf(ctx).id);
        return makeFolder(input.body.path, input.body.name);
      },
      saveCommandOutputsTo: async (ctx, input) => {
        guard(accountOf(ctx).id);
        // Another account's command is a 404 whatever the body (the cross-account walk sends none).
        if (!deps.commands.get(accountOf(ctx).id, input.params.command_id)) throw new NotFoundError('Command not found');
        const { folder, pattern } = input.body;
        return presentSavedOutputs(await saveOutputsTo(deps, accountOf(ctx).id, input.params.command_id, folder, pattern));
      },
      revealLocalPath: (ctx, input) => {
        guard(accountOf(ctx).id);
        return revealPath(input.body.path);
      },
    },
  );
}
