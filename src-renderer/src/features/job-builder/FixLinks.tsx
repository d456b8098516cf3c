import { fixLinks, focusField } from './fix-links';
import type { ValidationIssue } from '../../../../src-service/client';

/** "2 things to fix: Command · Input in_1", each name a link that scrolls to and focuses its field. */
export function FixLinks({ issues, onFollow }: { issues: ValidationIssue[]; onFollow(): void }) {
  const links = fixLinks(issues);
  return (
    <div className="fix-links">
      <span className="muted">
        {issues.length} {issues.length === 1 ? 'thing' : 'things'} to fix before running:
      </span>{' '}
      <ul role="list" aria-label="Things to fix">
        {links.map((l) => (
          <li key={l.key}>
            <a
              href={`#fix-${l.key}`}
              title={l.msg}
              onClick={(e) => {
                e.preventDefault();
                onFollow();
                // After the re-render that marks the fields invalid.
                requestAnimationFrame(() => focusField(l.key));
              }}
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
