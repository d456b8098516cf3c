import { useEffect, useState } from 'react';
import { forgetKey, resolveConnection, storeKey, type Connection } from '../lib/connection';
import { ErrorBoundary } from './ErrorBoundary';
import { KeyGate } from './KeyGate';
import { ConnectedApp } from './ConnectedApp';
import { Toasts } from '../ui/toast';
import { useFocusRescue } from './focus-rescue';

type Phase = { name: 'loading' } | { name: 'gate'; connection: Connection; reason?: string } | { name: 'ready'; connection: Connection & { apiKey: string } };

/** Finds the service and the key, then shows the app, or the key gate when there is no usable key. */
export function App() {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  // From the key gate on: connecting, the gate's field goes and the focus goes to the first screen's title.
  useFocusRescue();

  useEffect(() => {
    resolveConnection().then(
      (connection) => setPhase(connection.apiKey ? { name: 'ready', connection: { ...connection, apiKey: connection.apiKey } } : { name: 'gate', connection }),
      () => setPhase({ name: 'gate', connection: { baseUrl: window.location.origin, apiKey: null, dataDir: null, isDesktop: false } }),
    );
  }, []);

  if (phase.name === 'loading') return <div className="gate" aria-busy="true" />;
  return (
    <ErrorBoundary>
      {phase.name === 'gate' ? (
        <KeyGate
          baseUrl={phase.connection.baseUrl}
          reason={phase.reason}
          onKey={(apiKey) => {
            storeKey(apiKey);
            setPhase({ name: 'ready', connection: { ...phase.connection, apiKey } });
          }}
        />
      ) : (
        <ConnectedApp
          connection={phase.connection}
          onUnauthorized={(reason) => {
            forgetKey();
            setPhase({ name: 'gate', connection: { ...phase.connection, apiKey: null }, reason });
          }}
        />
      )}
      <Toasts />
    </ErrorBoundary>
  );
}
