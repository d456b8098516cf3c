import { describe, expect, it } from 'vitest';
import { etaOf, totalsOf, type UploadItem } from './upload-stats';

const item = (patch: Partial<UploadItem>): UploadItem => ({
  id: 'x',
  name: 'x',
  size: 100,
  uploadedBytes: 0,
  bytesPerSecond: 0,
  status: 'uploading',
  isPrivate: false,
  ...patch,
});

describe('upload totals', () => {
  it('when two files upload, then totals add up and ETA follows the combined speed', () => {
    const t = totalsOf([item({ size: 100, uploadedBytes: 50, bytesPerSecond: 10 }), item({ size: 300, uploadedBytes: 50, bytesPerSecond: 20 })]);
    expect(t).toMatchObject({ count: 2, totalBytes: 400, uploadedBytes: 100, bytesPerSecond: 30, percent: 25, etaSeconds: 10 });
  });

  it('when an upload is done or failed, then it leaves the totals', () => {
    expect(totalsOf([item({ status: 'done', uploadedBytes: 100 }), item({ status: 'failed' })]).count).toBe(0);
  });

  it('when nothing moves yet, then there is no ETA', () => {
    expect(etaOf(10, 0)).toBeNull();
    expect(etaOf(0, 0)).toBe(0);
  });
});
