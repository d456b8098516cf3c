import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/styles/tokens.css';
import './ui/styles/base.css';
import './ui/styles/components.css';
import './ui/styles/layout.css';
import { App } from './app/App';

/**
 * A tab of an earlier build asks for screen chunks the service no longer has: FFDesk was updated
 * (or rebuilt) while the tab stayed open, and the screen showed "This screen crashed: Unable to
 * preload CSS". The page reloads once to get the new build (drafts are kept in localStorage); a
 * chunk missing again within a minute is the error boundary's to show, so nothing loops.
 */
const RELOADED_FOR_NEW_BUILD = 'ffdesk.reloadedForNewBuild';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_FOR_NEW_BUILD) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOADED_FOR_NEW_BUILD, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
