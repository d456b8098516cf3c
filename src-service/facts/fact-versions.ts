/**
 * The version of each cached fact's computation (docs/choices.md, "File facts"). A cached
 * entry records the version that made it; an entry of another version (or of none: written
 * before versions existed) is stale and computed again. Raise a fact's number whenever what
 * it holds or how it is computed changes (its fields, the ffprobe/ffmpeg arguments, the plan).
 */
export const FACT_VERSIONS: Readonly<Record<string, number>> = {
  'probe.json': 1,
  /** 2: held as the domain's KeyframeFacts (camelCase) rather than the answer's wire shape. 3: counted from the container's start. 4: with the audio tracks. 5: with the subtitle tracks. */
  'keyframes.json': 7,
  /** The sprite (sprite.jpg) and waveform: written together with timeline.json. 2: held as CachedTimeline (camelCase). 3: tiles as the picture is shown (a portrait phone video's upright). 4: the last key frame held to the end (no black tiles after a long GOP). */
  'timeline.json': 4,
  /** The proxy's state; proxy.mp4 is made again when it is stale. 2: frames at the source's times (-fps_mode passthrough). */
  'proxy.json': 2,
  /** One per audio track: loudness-a1.json, loudness-a2.json … (versionOf's default of 1 holds for each). */
  'loudness-a1.json': 1,
  /** One per audio track, level and length: silences-a1-n-35-d0.5.json … (versionOf's default of 1 holds for each). */
  'silences-a1-n-35-d0.5.json': 1,
  /** The waveform of audio track 2, 3 … (track 1's is in timeline.json); versionOf's default of 1 holds for each. */
  'waveform-a2.json': 1,
};

/** What a cached fact file holds: the value and the version of the computation that made it. */
export interface VersionedFact<T> {
  fact_version: number;
  value: T;
}

export function versionOf(name: string, versions: Readonly<Record<string, number>> = FACT_VERSIONS): number {
  return versions[name] ?? 1;
}

/** The cached value, or null when the entry was made by another version of the computation. */
export function currentValue<T>(stored: unknown, version: number): T | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const fact = stored as Partial<VersionedFact<T>>;
  return fact.fact_version === version && 'value' in fact ? (fact.value as T) : null;
}
