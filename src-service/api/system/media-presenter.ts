import type { BinaryChoice } from '../../media/binaries';
import type { BuildFacts } from '../../media/build-facts';

/** A chosen binary as /v1/health, /v1/system and `ffdesk doctor` show it. */
export function presentChoice(c: BinaryChoice) {
  return {
    path: c.path,
    source: c.source,
    version: c.version.raw,
    reason: c.reason,
    candidates: c.candidates.map((k) => ({ source: k.source, path: k.path, version: k.version, chosen: k.chosen, note: k.note })),
  };
}

/** Which hardware encoders work: `detecting` until the test encodes have run. */
export function presentHardware(facts: BuildFacts | undefined) {
  const trials = facts?.hardwareEncoders() ?? null;
  if (!trials) return { state: 'detecting' as const, working: [] as string[], tried: [] };
  return { state: 'done' as const, working: trials.filter((t) => t.works).map((t) => t.encoder), tried: trials };
}
