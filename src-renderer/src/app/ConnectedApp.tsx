import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createClient } from '../../../src-service/client';
import { ApiProvider } from '../lib/api';
import { createEventHub, EventHubProvider } from '../lib/events';
import type { Connection } from '../lib/connection';
import { useRoute, type Route } from '../lib/router';
import { ErrorBoundary } from './ErrorBoundary';
import { Sidebar } from './Sidebar';
import { KeysHelp, useHelpKey } from './KeysHelp';
import { useJobEndNotices } from './job-end-notices';
import { applyFileStatus } from '../features/uploads/upload-queue';

// Each screen is its own chunk: the first render loads only the shell and one screen; the others
// load once the browser is idle (preloadScreens), so a screen opened the first time shows at once
// and takes its keys (Ctrl+3, then Ctrl+O) instead of arriving from the network a moment later.
const loaders = {
  jobs: () => import('../features/jobs/JobsPage'),
  builder: () => import('../features/job-builder/JobBuilderPage'),
  files: () => import('../features/files/FilesPage'),
  uploads: () => import('../features/uploads/UploadsPage'),
  settings: () => import('../features/settings/SettingsPage'),
  presets: () => import('../features/presets/PresetsPage'),
  clip: () => import('../features/clip/ClipPage'),
};
const JobsPage = lazy(loaders.jobs);
const JobBuilderPage = lazy(loaders.builder);
const FilesPage = lazy(loaders.files);
const UploadsPage = lazy(loaders.uploads);
const SettingsPage = lazy(loaders.settings);
const PresetsPage = lazy(loaders.presets);
const ClipPage = lazy(loaders.clip);

/** Loads every screen's code when the browser has nothing else to do (a failed load is tried again when the screen is opened). */
function preloadScreens(): () => void {
  const load = () => Object.values(loaders).forEach((l) => void l().catch(() => undefined));
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(load, 1000);
  return () => clearTimeout(timer);
}

interface Props {
  connection: Connection & { apiKey: string };
  onUnauthorized(reason: string): void;
}

export function ConnectedApp({ connection, onUnauthorized }: Props) {
  const route = useRoute();
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;

  const { client, hub } = useMemo(() => {
    const signOut = () => unauthorized.current('The service refused the key (401). Paste a valid key.');
    // Any 401 from /v1 sends the user back to the key gate (revoked or wrong key).
    const fetchWatching401 = async (input: string, init?: RequestInit) => {
      const res = await fetch(input, init);
      if (res.status === 401) signOut();
      return res;
    };
    const c = createClient({ baseUrl: connection.baseUrl, apiKey: connection.apiKey, fetch: fetchWatching401 });
    return { client: c, hub: createEventHub(c, signOut) };
  }, [connection.baseUrl, connection.apiKey]);

  useEffect(() => () => hub.close(), [hub]);
  useEffect(preloadScreens, []);
  const [isKeysOpen, setKeysOpen] = useState(false);
  useHelpKey(useCallback(() => setKeysOpen(true), []));
  useJobEndNotices(hub);
  // The screens share one scroller: another screen, or another clip on the Cut screen, starts at its top. It
  // kept the scroll of the one before, so a clip opened with its heading and player above the window.
  const main = useRef<HTMLElement>(null);
  const screenKey = route.name === 'clip' ? `clip/${route.id ?? ''}` : route.name;
  useLayoutEffect(() => {
    if (main.current) main.current.scrollTop = 0;
  }, [screenKey]);
  // Uploads being probed finish whichever screen is open.
  useEffect(() => hub.listen((e) => e.type === 'file' && applyFileStatus(e.data.file_id, e.data.status)), [hub]);

  const api = useMemo(
    () => ({
      client,
      apiKey: connection.apiKey,
      dataDir: connection.dataDir,
      isDesktop: connection.isDesktop,
      signOut: () => unauthorized.current('Signed out. Paste a key to connect again.'),
    }),
    [client, connection],
  );

  return (
    <ApiProvider value={api}>
      <EventHubProvider hub={hub}>
        <div className="shell">
          <Sidebar route={route} />
          <main ref={main} className="main" id="main">
            <ErrorBoundary resetKey={route.name}>
              <Suspense fallback={<div className="page" aria-busy="true" />}>
                <Screen route={route} />
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
        {isKeysOpen && <KeysHelp onClose={() => setKeysOpen(false)} />}
      </EventHubProvider>
    </ApiProvider>
  );
}

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'new':
      return <JobBuilderPage />;
    case 'files':
      return <FilesPage selectedId={route.id} />;
    case 'clip':
      return <ClipPage fileId={route.id} />;
    case 'uploads':
      return <UploadsPage />;
    case 'presets':
      return <PresetsPage />;
    case 'settings':
      return <SettingsPage />;
    default:
      return <JobsPage selectedId={route.id} />;
  }
}
