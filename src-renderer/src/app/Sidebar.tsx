import { useEventsConnected } from '../lib/events';
import { hrefOf, type Route } from '../lib/router';

const ITEMS: { name: Route['name']; label: string; icon: string }[] = [
  { name: 'jobs', label: 'Jobs', icon: '▤' },
  { name: 'new', label: 'New job', icon: '＋' },
  { name: 'files', label: 'Files', icon: '▦' },
  { name: 'uploads', label: 'Uploads', icon: '⇪' },
  { name: 'settings', label: 'Settings', icon: '⚙' },
];

export function Sidebar({ route }: { route: Route }) {
  const isConnected = useEventsConnected();
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">FF</span>
        <span className="brand-name">FFDesk</span>
      </div>
      {ITEMS.map((item) => (
        <a key={item.name} className="nav-link" href={hrefOf({ name: item.name } as Route)} aria-current={route.name === item.name ? 'page' : undefined}>
          <span className="nav-icon" aria-hidden="true">
            {item.icon}
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
