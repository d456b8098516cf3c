import path from 'node:path';
import type { Config } from '../../config';
import type { AccountsRepo } from '../../accounts/accounts-repo';
import type { CommandsRepo } from '../../jobs/commands-repo';
import type { FilesRepo } from '../../files/files-repo';
import type { BlobStore } from '../../storage/blob-store';
import type { Keyring } from '../../storage/signing';
import type { Listeners } from '../../events/listeners';
import type { FileEvent } from '../../files/file-events';
import type { Confiner } from '../../media/confine';
import type { Media } from '../../media/media-module';
import type { ServiceModule } from './module';
import { createFactCache, type FactCache } from '../../facts/fact-cache';
import { createFactUrls } from '../../facts/fact-urls';
import { createFileFacts } from '../../facts/file-facts';
import { createProxyMaker } from '../../facts/proxy';
import { fileFactRoutes, localFolderRoutes } from '../../api/file-facts/file-facts.routes';
import { factFilesRoute } from '../../api/file-facts/fact-files.route';

export interface FileFactsModuleDeps {
  config: Config;
  accounts: AccountsRepo;
  commands: CommandsRepo;
  files: FilesRepo;
  blobs: BlobStore;
  keyring: Keyring;
  fileEvents: Listeners<FileEvent>;
  confiner: Confiner;
  media: Media;
  baseUrl: () => string;
  log(msg: string): void;
}

export interface FileFactsModule extends ServiceModule {
  readonly cache: FactCache;
}

/**
 * Facts about stored files for the clip view (keyframes, timeline images, proxies), cached under
 * `<dataDir>/facts/<file_id>/` and removed with the file; and the local-folder endpoints of web
 * mode (docs/api.md, "File facts" and "Local folders").
 */
export function createFileFactsModule(deps: FileFactsModuleDeps): FileFactsModule {
  const cache = createFactCache(path.join(deps.config.dataDir, 'facts'));
  const stopping = new AbortController();
  const tools = () => ({
    confiner: deps.confiner,
    ffmpegPath: deps.media.binaries().ffmpegPath,
    ffprobePath: deps.media.binaries().ffprobePath,
    signal: stopping.signal,
  });
  const proxies = createProxyMaker(cache, tools, deps.log);
  const urls = createFactUrls(deps.baseUrl, deps.keyring);
  const facts = createFileFacts({ files: deps.files, blobs: deps.blobs, cache, proxies, tools, signedUrl: (id, name) => urls.url(id, name) });
  let unsubscribe = () => undefined as void;

  const forget = (fileId: string) =>
    cache.forget(fileId).catch((err: unknown) => deps.log(`could not remove the facts of ${fileId}: ${(err as Error).message}`));
  return {
    name: 'file facts',
    cache,
    routers: [fileFactRoutes(facts), localFolderRoutes({ ...deps, host: deps.config.host, localAccountId: () => deps.accounts.localAccountId() })],
    rawHandlers: [factFilesRoute({ files: deps.files, cache, urls })],
    async start() {
      // A deleted file's facts go with it; those of files deleted while the service was down, at start.
      unsubscribe = deps.fileEvents.subscribe((e) => {
        if (e.deleted) void forget(e.fileId);
      });
      for (const id of await cache.fileIds()) {
        const row = deps.files.getAny(id);
        if (!row || row.isDeleted) await forget(id);
      }
    },
    async stop() {
      unsubscribe();
      stopping.abort();
      await Promise.all([proxies.idle(), cache.idle()]);
    },
  };
}
