import { useEffect, useRef, useState } from 'react';
import type { CommandRecord } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { Button } from '../../ui/Button';
import { describeError } from '../../ui/ErrorNotice';
import { showToast } from '../../ui/toast';
import { isFocusLost } from '../../lib/focus-lost';

/** The job's name as the page heading, renamed in place (PATCH /v1/commands/{id}). */
export function JobName({ record, onRenamed }: { record: CommandRecord; onRenamed(): void }) {
  const { client } = useApi();
  const [draft, setDraft] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const name = record.name ?? record.command_id;
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving from Run job (Ctrl+Enter), the Cut screen or a rename, the focus was on something
  // now gone: it goes to the job's name, so Tab continues from here. A focus elsewhere is left alone.
  useEffect(() => {
    if (isFocusLost()) heading.current?.focus();
  }, []);

  async function save(next: string) {
    setSaving(true);
    try {
      await client.renameCommand(record.command_id, next.trim() || null);
      setDraft(null);
      onRenamed();
    } catch (err) {
      showToast(`Rename failed: ${describeError(err)}`, { isError: true });
    } finally {
      setSaving(false);
    }
  }

  if (draft === null) {
    return (
      <div className="row" style={{ minWidth: 0 }}>
        <h2 ref={heading} tabIndex={-1} className="truncate" style={{ fontSize: 'var(--text-l)' }} title={name}>
          {name}
        </h2>
        <Button size="small" variant="ghost" onClick={() => setDraft(record.name ?? '')}>
          Rename
        </Button>
      </div>
    );
  }
  return (
    <form
      className="row"
      style={{ flex: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        void save(draft);
      }}
    >
      <input
        className="input"
        aria-label="Job name"
        autoFocus
        maxLength={200}
        value={draft}
        placeholder="Empty: named after its command"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
        style={{ flex: 1 }}
      />
      <Button size="small" variant="primary" type="submit" disabled={isSaving}>
        Save name
      </Button>
      <Button size="small" variant="ghost" onClick={() => setDraft(null)}>
        Cancel
      </Button>
    </form>
  );
}
