import type { StoredFile } from '../../../../src-service/client';
import { Button } from '../../ui/Button';
import { newKey, nextAlias, type InputRow, type JobForm } from './form';
import { InputRowEditor } from './InputRowEditor';
import { StoredFilePicker } from './StoredFilePicker';
import { declaredOrGuessed } from '../../lib/input-kinds';

interface Props {
  form: JobForm;
  files: StoredFile[];
  errors: Map<string, string[]>;
  setForm(update: (f: JobForm) => JobForm): void;
  updateInput(key: string, patch: Partial<InputRow>): void;
  pickStored(key: string, file: StoredFile): void;
  uploadLocal(key: string, file: File): void;
  openFromDisk(key: string, path: string): void;
  cancelLocal(key: string): void;
  pickZip(file: StoredFile): void;
}

/** Named inputs (alias → URL), or one zip whose files the command reads by name (docs/api.md §4.10). */
export function InputsTable(props: Props) {
  const { form, setForm } = props;
  return (
    <div className="stack">
      <div className="segmented" role="group" aria-label="Input mode">
        <button type="button" aria-pressed={form.inputMode === 'files'} onClick={() => setForm((f) => ({ ...f, inputMode: 'files' }))}>
          Named inputs
        </button>
        <button type="button" aria-pressed={form.inputMode === 'zip'} onClick={() => setForm((f) => ({ ...f, inputMode: 'zip' }))}>
          Zip folder
        </button>
      </div>
      {form.inputMode === 'zip' ? <ZipInput {...props} /> : <InputRows {...props} />}
    </div>
  );
}

function InputRows({ form, files, errors, setForm, updateInput, pickStored, uploadLocal, openFromDisk, cancelLocal }: Props) {
  return (
    <>
      {form.inputs.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Alias</th>
              <th>Source</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.inputs.map((row) => (
              <InputRowEditor
                key={row.key}
                row={row}
                files={files}
                kinds={declaredOrGuessed(
                  form.preset?.inputKinds?.[row.alias.trim()],
                  form.steps,
                  form.outputMode === 'folder' ? [] : form.outputs.map((o) => o.name),
                  row.alias.trim(),
                )}
                messages={errors.get(`input_files.${row.alias.trim()}`) ?? []}
                onChange={(patch) => updateInput(row.key, patch)}
                onPickStored={(file) => pickStored(row.key, file)}
                onLocalFile={(file) => uploadLocal(row.key, file)}
                onDiskFile={(path) => openFromDisk(row.key, path)}
                onRemove={() => {
                  cancelLocal(row.key);
                  setForm((f) => ({ ...f, inputs: f.inputs.filter((r) => r.key !== row.key) }));
                }}
              />
            ))}
          </tbody>
        </table>
      )}
      <div className="row">
        <Button
          size="small"
          onClick={() =>
            setForm((f) => ({
              ...f,
              inputs: [
                ...f.inputs,
                {
                  key: newKey(),
                  alias: nextAlias(
                    'in_',
                    f.inputs.map((r) => r.alias),
                  ),
                  source: 'url',
                  url: '',
                },
              ],
            }))
          }
        >
          Add input
        </Button>
        {form.inputs.length === 0 && (
          <span className="small muted">
            No inputs: fine for generated sources such as <code>-f lavfi</code>.
          </span>
        )}
      </div>
    </>
  );
}

function ZipInput({ form, files, errors, setForm, pickZip }: Props) {
  const messages = errors.get('input_compressed_folder') ?? [];
  return (
    <div className="stack" data-field="input_compressed_folder">
      <p className="small muted">
        The service unpacks the zip; refer to its files by name, e.g. <code>-i frame_%03d.png</code>.
      </p>
      <input
        className="input mono"
        type="url"
        aria-label="Zip URL"
        placeholder="https://example.com/frames.zip"
        aria-invalid={messages.length > 0}
        value={form.zipUrl}
        onChange={(e) => setForm((f) => ({ ...f, zipUrl: e.target.value }))}
      />
      <StoredFilePicker files={files} value={undefined} label="Stored zip" filter={(f) => f.file_type === 'zip'} onPick={pickZip} />
      {messages.map((m) => (
        <span key={m} className="field-error" role="alert">
          {m}
        </span>
      ))}
    </div>
  );
}
