import { Button } from './Button';

/** The files a Save to wrote, each with "Show in folder"; read out as they appear. */
export function SavedFiles({ saved, reveal }: { saved: readonly { path: string }[]; reveal(path: string): unknown }) {
  return (
    <div role="status">
      {saved.length > 0 && (
        <ul className="stack clip-saved" aria-label="Saved files">
          {saved.map((s) => (
            <li key={s.path} className="row-wrap">
              <code className="small">{s.path}</code>
              <Button size="small" onClick={() => void reveal(s.path)}>
                Show in folder
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
