import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

// Each screen is its own chunk: the first render loads only the shell and one screen.
const JobsPage = lazy(() => import('../features/jobs/JobsPage'));
const JobBuilderPage = lazy(() => import('../features/job-builder/JobBuilderPage'));
const FilesPage = lazy(() => import('../features/files/FilesPage'));
const UploadsPage = lazy(() => import('../features/uploads/UploadsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const PresetsPage = lazy(() => import('../features/presets/PresetsPage'));
const ClipPage = lazy(() => import('../features/clip/ClipPage'));

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
  const [isKeysOpen, setKeysOpen] = useState(false);
  useHelpKey(useCallback(() => setKeysOpen(true), []));
  useJobEndNotices(hub);
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
          <main className="main" id="main">
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
