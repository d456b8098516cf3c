import { useCallback, useEffect, useRef, useState, type DependencyList, type Dispatch, type SetStateAction } from 'react';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  reload(): void;
  setData: Dispatch<SetStateAction<T | undefined>>;
}

/**
 * Loads data when `deps` change; a newer load aborts the older one so a slow answer can
 * never overwrite a fresher one.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): AsyncState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [isLoading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const ac = new AbortController();
    setLoading(true);
    loadRef.current(ac.signal).then(
      (value) => {
        if (ac.signal.aborted) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (ac.signal.aborted) return;
        setError(err);
        setLoading(false);
      },
    );
    return () => ac.abort();
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, isLoading, reload, setData };
}
