import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildService } from '../testing/child-service';
import { tempDir } from '../testing/harness';

// What the bundled `serve` has loaded by the time it listens (docs/performance.md, "Start-up"):
// node's zlib is loaded by the first zip or compressed stream, not by every start. A preload
// reports process.moduleLoadList when the service writes its "listening" line.
const PRELOAD = `
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (String(chunk).includes('FFDesk listening on')) {
    process.stderr.write('zlib loaded at listening: ' + process.moduleLoadList.includes('NativeModule zlib') + '\\n');
  }
  return write(chunk, ...rest);
};
`;

const dir = tempDir('ffdesk-bundle-start-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the bundled service at start', () => {
  it('when serve is listening, then node’s zlib has not been loaded, and the MIME table still types the answers', async () => {
    const preload = path.join(dir, 'report-modules.cjs');
    fs.writeFileSync(preload, PRELOAD);
    const child = await startChildService({ FFDESK_DATA_DIR: path.join(dir, 'data'), NODE_OPTIONS: `--require ${preload}` });
    try {
      expect(child.output()).toContain('zlib loaded at listening: false');
      // The MIME table is loaded by the first lookup (build-bundle.mjs, mimeOnFirstUse): koa's
      // Content-Type answers go through it, a shorthand (`json`) and full types alike.
      const health = await fetch(`${child.url}/v1/health`);
      expect(health.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const docs = await fetch(`${child.url}/docs`);
      expect(docs.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const refused = await fetch(`${child.url}/v1/commands`); // no key: the error answer is JSON too
      expect([refused.status, refused.headers.get('content-type')]).toEqual([401, 'application/json; charset=utf-8']);
    } finally {
      await child.stop();
    }
  });
});
