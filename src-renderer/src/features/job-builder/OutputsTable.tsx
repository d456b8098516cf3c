import { Button } from '../../ui/Button';
import { PLAYLIST_PREFIX } from './aliases';
import { newKey, nextAlias, type JobForm, type OutputRow } from './form';

interface Props {
  form: JobForm;
  errors: Map<string, string[]>;
  setForm(update: (f: JobForm) => JobForm): void;
  updateOutput(key: string, patch: Partial<OutputRow>): void;
}

/** Output alias → file name, or OUTPUT_FOLDER (docs/api.md §4.10 rule 2). */
export function OutputsTable({ form, errors, setForm, updateOutput }: Props) {
  const add = (playlist: boolean) =>
    setForm((f) => {
      const taken = f.outputs.map((r) => r.alias);
      const alias = playlist ? nextAlias(PLAYLIST_PREFIX, taken) : nextAlias('out_', taken);
      return { ...f, outputs: [...f.outputs, { key: newKey(), alias, name: playlist ? 'index.m3u8' : `output-${f.outputs.length + 1}.mp4` }] };
    });

  return (
    <div className="stack">
      <div className="segmented" role="group" aria-label="Output mode">
        <button type="button" aria-pressed={form.outputMode === 'files'} onClick={() => setForm((f) => ({ ...f, outputMode: 'files' }))}>
          Named files
        </button>
        <button type="button" aria-pressed={form.outputMode === 'folder'} onClick={() => setForm((f) => ({ ...f, outputMode: 'folder' }))}>
          Whole folder (zip)
        </button>
      </div>
      {form.outputMode === 'folder' ? (
        <p className="small muted">
          Everything the command writes in its working folder is returned as one zip (<code>OUTPUT_FOLDER</code>). Write plain file names such as{' '}
          <code>part_%03d.mp4</code>.
        </p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>Alias</th>
              <th>File name</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.outputs.map((row) => {
              const messages = errors.get(`output_files.${row.alias.trim()}`) ?? [];
              return (
                <tr key={row.key} data-field={`output_files.${row.alias.trim()}`}>
                  <td style={{ width: '35%' }}>
                    <input
                      className="input mono"
                      aria-label="Output alias"
                      aria-invalid={messages.length > 0}
                      value={row.alias}
                      onChange={(e) => updateOutput(row.key, { alias: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      className="input mono"
                      aria-label={`File name for ${row.alias}`}
                      aria-invalid={messages.length > 0}
                      value={row.name}
                      onChange={(e) => updateOutput(row.key, { name: e.target.value })}
                    />
                    {messages.map((m) => (
                      <div key={m} className="field-error" role="alert">
                        {m}
                      </div>
                    ))}
                  </td>
                  <td style={{ width: 1 }}>
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Remove output ${row.alias}`}
                      onClick={() => setForm((f) => ({ ...f, outputs: f.outputs.filter((r) => r.key !== row.key) }))}
                    >
                      ✕
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {form.outputMode === 'files' && (
        <div className="row">
          <Button size="small" onClick={() => add(false)}>
            Add output
          </Button>
          <Button size="small" onClick={() => add(true)}>
            Add HLS/DASH playlist
          </Button>
          <span className="small muted">
            Playlist aliases start with <code>{PLAYLIST_PREFIX}</code>.
          </span>
        </div>
      )}
    </div>
  );
}
