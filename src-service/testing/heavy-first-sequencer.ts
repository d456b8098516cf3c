import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest test files, longest first (summed test time of a clean-clone CI run,
 * docs/contributing.md "Suite time"). On a clean clone vitest has no duration cache and orders
 * files by size, so a long but small file could start last and run alone while the other worker
 * idles; these start first, the rest follow in vitest's own order. A file missing here only
 * loses its head start: keep the list to the files that take tens of seconds.
 */
export const HEAVY_FILES = [
  'src-service/scale-out/segments/segmented-workers.service.test.ts',
  'src-service/testing/hardening/soak.service.test.ts',
  'src-service/scale-out/scale-out.faults.service.test.ts',
  'src-service/testing/hardening/escape-catalogue-confinement-only.service.test.ts',
  'src-service/edits/edits.service.test.ts',
  'src-service/testing/hardening/load.service.test.ts',
  'src-service/segmented/segmented.service.test.ts',
  'src-service/cli/cli.service.test.ts',
  'src-service/testing/hardening/fuzz.service.test.ts',
  'src-service/testing/hardening/escape-catalogue.service.test.ts',
  'src-service/segmented/segmented-resume.service.test.ts',
  'src-service/media/run-process.test.ts',
  'src-service/service/recovery.service.test.ts',
  'src-service/scale-out/scale-out.service.test.ts',
  'src-service/media/confine/sandbox-policy.service.test.ts',
  'src-main/service-supervisor.test.ts',
  'src-service/testing/hardening/escape-catalogue-parser-only.service.test.ts',
  'src-service/ffmpeg-args/request-limits.service.test.ts',
  'src-main/service-host.test.ts',
  'src-service/ffmpeg-args/regex-audit.test.ts',
];

function rank(spec: TestSpecification): number {
  const id = spec.moduleId.replaceAll('\\', '/');
  const i = HEAVY_FILES.findIndex((f) => id.endsWith(`/${f}`));
  return i === -1 ? HEAVY_FILES.length : i;
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    // Array.prototype.sort is stable: files off the list keep vitest's order.
    return [...base].sort((a, b) => rank(a) - rank(b));
  }
}
