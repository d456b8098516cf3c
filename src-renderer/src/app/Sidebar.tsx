import { useEffect, useState } from 'react';
import { useEventsConnected } from '../lib/events';
import { hrefOf, type Route } from '../lib/router';
import { Icon, type IconName } from '../ui/Icon';

const ITEMS: { name: Route['name']; label: string; icon: IconName }[] = [
  { name: 'jobs', label: 'Jobs', icon: 'jobs' },
  { name: 'new', label: 'New job', icon: 'new' },
  { name: 'clip', label: 'Cut', icon: 'clip' },
  { name: 'files', label: 'Files', icon: 'files' },
  { name: 'uploads', label: 'Uploads', icon: 'uploads' },
  { name: 'presets', label: 'Presets', icon: 'presets' },
  { name: 'settings', label: 'Settings', icon: 'settings' },
];

export function Sidebar({ route }: { route: Route }) {
  const isConnected = useEventsConnected();
  // Cut goes back to what the Cut screen showed last (the clip being cut, or its chooser), as an
  // editor's app keeps its open file: it went to the chooser, and the clip had to be found again.
  const [cutScreen, setCutScreen] = useState<Route>({ name: 'clip' });
  useEffect(() => {
    if (route.name === 'clip') setCutScreen(route);
  }, [route]);
  const hrefFor = (name: Route['name']) => hrefOf(name === 'clip' && route.name !== 'clip' ? cutScreen : { name });
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          FF
        </span>
        <span className="brand-name">FFDesk</span>
      </div>
      {ITEMS.map((item) => (
        <a key={item.name} className="nav-link" href={hrefFor(item.name)} aria-current={route.name === item.name ? 'page' : undefined} title={item.label}>
          <span className="nav-icon">
            <Icon name={item.icon} />
          </span>
          <span className="nav-label">{item.label}</span>
        </a>
      ))}
      <div className="sidebar-footer" aria-live="polite">
        <span className="conn-dot" data-connected={isConnected} aria-hidden="true" />
        {isConnected ? 'Live updates on' : 'Reconnecting to live updates…'}
      </div>
    </nav>
  );
}
