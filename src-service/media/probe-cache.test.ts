import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';
import { createProbeCache } from './probe-cache';

describe('the ffmpeg facts cache file', () => {
  it('when binaries it knew are gone or changed, then their entries are dropped at load and the next save leaves only live ones', () => {
    const dir = tempDir('ffdesk-probe-cache-');
    const file = path.join(dir, 'ffmpeg-builds.json');
    const bins = ['kept', 'removed', 'changed'].map((name) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, name);
      return p;
    });
    const [kept, removed, changed] = bins as [string, string, string];
    const first = createProbeCache(file);
    for (const bin of bins) first.set(bin, 'version', `v-${path.basename(bin)}`);
    expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).binaries)).toEqual(bins);

    fs.rmSync(removed);
    fs.writeFileSync(changed, 'an upgrade in place, of another size');
    const second = createProbeCache(file);
    expect(second.get(kept, 'version', z.string())).toBe('v-kept');
    expect(second.get(changed, 'version', z.string())).toBeUndefined();
    second.set(kept, 'capabilities', { encoders: [] });
    expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).binaries)).toEqual([kept]);
  });
});
