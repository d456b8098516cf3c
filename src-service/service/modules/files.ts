import type { Config } from '../../config';
import type { AccountsRepo } from '../../accounts/accounts-repo';
import type { UrlBuilder } from '../../files/urls';
import type { ServiceModule } from './module';
import { createStoreFileWorker, type StoreFileDeps } from '../../files/store-from-url';
import { createUploads, type UploadDeps } from '../../files/uploads';
import { createFormUploads } from '../../files/form-upload';
import type { DeleteDeps } from '../../files/deletes';
import { createRateLimiter } from '../../accounts/rate-limit';
import { createRecordBudget } from '../../accounts/record-limits';
import { fileRoutes, signedUploadRoutes } from '../../api/files/files.routes';
import { formUploadRoutes } from '../../api/files/form-upload.route';
import { localOpenRoutes } from '../../api/files/local-open.route';
import { storageRoutes } from '../../api/storage/storage.routes';

export interface FilesDeps extends StoreFileDeps, UploadDeps, DeleteDeps {
  config: Config;
  accounts: AccountsRepo;
  urls: UrlBuilder;
}

/**
 * Stored files: store-file downloads, multipart and form uploads, files opened from the local
 * disk (`/v1/local/open`), `/v1/files`, and the
 * `/storage` URLs that serve the bytes (mounted raw: the URL itself is the grant, no key).
 */
export function createFilesModule(deps: FilesDeps): ServiceModule {
  const storeFiles = createStoreFileWorker(deps);
  const uploads = createUploads(deps);
  const rateLimit = createRateLimiter(deps.config.storeFileRatePerMinute);
  const records = createRecordBudget(deps.db, () => deps.accounts.localAccountId());
  const forms = createFormUploads(deps);
  return {
    name: 'store-file and uploads',
    routers: [
      fileRoutes(deps, storeFiles, uploads, rateLimit, records),
      formUploadRoutes(forms, deps.urls, records),
      localOpenRoutes({ forms, urls: deps.urls, records, host: deps.config.host, localAccountId: () => deps.accounts.localAccountId() }),
    ],
    // Before the key check: the signed URL is the grant (storage bytes, upload parts).
    signedRouters: [signedUploadRoutes(uploads)],
    rawHandlers: [storageRoutes(deps)],
    async start() {
      uploads.start();
      await storeFiles.start();
    },
    async stop() {
      await storeFiles.stop();
      await uploads.stop();
    },
  };
}
