import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createService } from '../index';
import { LOCAL_KEY_FILE } from '../service/bootstrap';
import { userDataDir, userPath } from './user-path';
import { stopOnSignals } from './stop-on-signals';
import { closeInheritedDescriptors } from './inherited-fds';

/** `npm run serve`: the headless service. Returns -1: the process lives until a signal. */
export async function serveCommand(extra: { samples?: boolean; webRoot?: string; printOpenUrl?: boolean } = {}): Promise<number> {
  closeInheritedDescriptors(); // before anything can start ffmpeg (docs/sandbox.md, "Clean process start")
  // From the sources (src-service/cli) or from the bundle (out/service): the built UI is <repo>/out/renderer.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const builtUi =
    [path.resolve(here, '../../out/renderer'), path.resolve(here, '../renderer')].find((p) => fs.existsSync(p)) ?? path.resolve(here, '../../out/renderer');
  // Where the UI is built even before it is: built while the service runs, it is served at once (web-ui.ts).
  const webRoot = extra.webRoot ?? (process.env.FFDESK_WEB_ROOT ? userPath(process.env.FFDESK_WEB_ROOT) : undefined) ?? builtUi;
  const dataDir = userDataDir();
  const service = createService({ webRoot, ...(dataDir ? { dataDir } : {}), ...(extra.samples === undefined ? {} : { samples: extra.samples }) });
  const { url, port } = await service.start();
  const keyHint = service.config.apiKey
    ? 'API key: the one in FFDESK_API_KEY'
    : `API key: in ${path.join(service.config.dataDir, LOCAL_KEY_FILE)} (print it: npm run --silent cli -- keys local)`;
  // With FFDESK_PUBLIC_URL the base URL may not name the bound port (FFDESK_PORT=0 picks one).
  const bound = service.config.publicUrl ? ` (bound to ${service.config.host} port ${port})` : '';
  console.log(`FFDesk listening on ${url}${bound}`);
  console.log(`Data dir: ${service.config.dataDir}`);
  console.log(keyHint);
  if (extra.printOpenUrl && fs.existsSync(path.join(webRoot, 'index.html'))) {
    // The key travels in the fragment, which browsers never send to the server.
    console.log(`Open FFDesk in your browser: ${url}/#key=${service.localKey}`);
  }
  stopOnSignals('running commands are re-queued for the next start', () => service.stop());
  return -1;
}
