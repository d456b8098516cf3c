import { createContext, useContext, type ReactNode } from 'react';
import type { FfdeskClient } from '../../../src-service/client';

export interface ApiContextValue {
  client: FfdeskClient;
  dataDir: string | null;
  isDesktop: boolean;
  /** The key in use, for the settings page. */
  apiKey: string;
  /** Back to the key gate (after a 401, or "use another key"). */
  signOut(): void;
}

const ApiContext = createContext<ApiContextValue | null>(null);

export function ApiProvider({ value, children }: { value: ApiContextValue; children: ReactNode }) {
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi() outside <ApiProvider>');
  return value;
}
