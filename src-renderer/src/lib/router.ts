import { useSyncExternalStore } from 'react';

/**
 * Hash routing (`#/jobs/<id>`): works the same when the page is served by the service
 * and when Electron loads it from a file.
 */
export type Route =
  | { name: 'jobs'; id?: string }
  | { name: 'new' }
  | { name: 'files'; id?: string }
  | { name: 'clip'; id?: string }
  | { name: 'uploads' }
  | { name: 'presets' }
  | { name: 'settings' };

export function parseRoute(hash: string): Route {
  const [section, id] = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  switch (section) {
    case 'new':
      return { name: 'new' };
    case 'files':
      return id ? { name: 'files', id } : { name: 'files' };
    case 'clip':
      return id ? { name: 'clip', id } : { name: 'clip' };
    case 'uploads':
      return { name: 'uploads' };
    case 'presets':
      return { name: 'presets' };
    case 'settings':
      return { name: 'settings' };
    default:
      return id ? { name: 'jobs', id } : { name: 'jobs' };
  }
}

export function hrefOf(route: Route): string {
  const id = 'id' in route && route.id ? `/${encodeURIComponent(route.id)}` : '';
  return `#/${route.name}${id}`;
}

export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
