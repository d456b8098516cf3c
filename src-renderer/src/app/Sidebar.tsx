import { useEffect, useState } from 'react';
import { useEventsConnected } from '../lib/events';
import { hrefOf, type Route } from '../lib/router';
import { Icon } from '../ui/Icon';
import { screenKeyLabel, screenOfKey, SCREENS } from './screen-keys';
import { screenTitle } from './focus-rescue';
import { useWindowShortcut } from '../lib/use-open-key';

export function Sidebar({ route }: { route: Route }) {
  const isConnected = useEventsConnected();
  // Cut goes back to what the Cut screen showed last (the clip being cut, or its chooser), as an
  // editor's app keeps its open file: it went to the chooser, and the clip had to be found again.
  const [cutScreen, setCutScreen] = useState<Route>({ name: 'clip' });
  useEffect(() => {
    if (route.name === 'clip') setCutScreen(route);
  }, [route]);
  const hrefFor = (name: Route['name']) => hrefOf(name === 'clip' && route.name !== 'clip' ? cutScreen : { name });
  useScreenKeys(hrefFor);
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          FF
        </span>
        <span className="brand-name">FFDesk</span>
      </div>
      {SCREENS.map((item) => (
        <a
          key={item.name}
          className="nav-link"
          href={hrefFor(item.name)}
          aria-current={route.name === item.name ? 'page' : undefined}
          title={`${item.label} (${screenKeyLabel(item.name)})`}
          aria-keyshortcuts={screenKeyLabel(item.name).replace('Ctrl', 'Control')}
          // The keyboard goes on in the screen opened: left on the link, at 800 px its name stayed
          // drawn over the screen's content, and Tab went on through the sidebar.
          onClick={handToScreen}
        >
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

/**
 * Ctrl+1 … Ctrl+7 go to the sidebar's screens from anywhere but a modal dialog, and the keyboard
 * goes on in the screen: the focus goes to its title (through the focus rescue when the screen it
 * was in goes away), not left in the sidebar or on the page.
 */
function useScreenKeys(hrefFor: (name: Route['name']) => string): void {
  useWindowShortcut(isScreenKey, (e) => {
    const name = screenOfKey(e);
    if (!name) return;
    if (!document.getElementById('main')?.contains(document.activeElement)) handToScreen();
    window.location.hash = hrefFor(name);
  });
}

const isScreenKey = (e: KeyboardEvent) => screenOfKey(e) !== null;

/**
 * The focus on the open screen's title, so it falls with that screen as the next one opens and the
 * focus rescue (focus-rescue.ts) puts it on the next one's title; the same screen keeps it there.
 */
function handToScreen(): void {
  screenTitle()?.focus({ preventScroll: true });
}
