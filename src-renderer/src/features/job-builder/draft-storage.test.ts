import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHOICES } from './convert-args';
import { writeConvert } from './convert-form';
import { rememberSubmitted, submittedForm } from './draft-storage';
import { emptyForm, toRequest, type JobForm } from './form';

/** The browser's storage, as small as these functions use it: the tests run in Node, which has none. */
const store = new Map<string, string>();
const hadStorage = 'localStorage' in globalThis;
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});
afterAll(() => {
  if (!hadStorage) Reflect.deleteProperty(globalThis, 'localStorage');
});
beforeEach(() => store.clear());

/** A GIF of a stored clip, as the convert panel writes it after the clip was uploaded (a "local" row with its facts). */
function converted(): JobForm {
  const input = { key: 'i', alias: 'in_1', source: 'local' as const, url: 'http://127.0.0.1:9/s/abc/holiday.mov', fileName: 'holiday.mov' };
  const media = { file_id: 'abc', filename: 'holiday.mov', duration: 12 } as NonNullable<JobForm['inputs'][number]['media']>;
  return writeConvert({ ...emptyForm(), inputs: [{ ...input, media, upload: { percent: 100 } }] }, { ...DEFAULT_CHOICES, container: 'gif' });
}

describe('the form a job was run from (Edit as new)', () => {
  it('comes back with the panel as it was, a new name, and its uploaded input as a stored file', () => {
    const form = { ...converted(), name: 'My GIF' };
    rememberSubmitted('job-1', form);
    const back = submittedForm('job-1', toRequest(form));
    expect(back?.convert).toEqual(form.convert);
    expect(back?.steps).toEqual(form.steps);
    expect(back?.name).toBe('');
    expect(back?.inputs[0]).toMatchObject({ source: 'stored', fileName: 'holiday.mov', media: { file_id: 'abc' } });
    expect(back?.inputs[0]?.upload).toBeUndefined();
  });

  it('is not used for a job whose request it does not make, nor for a job this browser did not run', () => {
    const form = converted();
    rememberSubmitted('job-1', form);
    const request = toRequest(form);
    expect(submittedForm('job-1', { ...request, output_files: { out_1: 'other.gif' } })).toBeNull();
    expect(submittedForm('job-1', { ...request, input_files: { in_1: 'http://127.0.0.1:9/s/xyz/other.mov' } })).toBeNull();
    expect(submittedForm('job-2', request)).toBeNull();
  });

  it('keeps the latest 40 jobs', () => {
    const form = converted();
    for (let i = 0; i < 45; i++) rememberSubmitted(`job-${i}`, form);
    expect(submittedForm('job-4', toRequest(form))).toBeNull();
    expect(submittedForm('job-5', toRequest(form))).not.toBeNull();
    expect(submittedForm('job-44', toRequest(form))).not.toBeNull();
  });
});
