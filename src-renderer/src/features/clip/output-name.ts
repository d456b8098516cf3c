/** The output name offered for a cut of `source`: "<stem>-cut.<ext>", in the characters POST /v1/edits accepts. */
export function outputNameOf(source: string | undefined): string {
  const name = source ?? 'clip.mp4';
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._-]+/, '') || 'clip';
  const ext = dot > 0 ? name.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '') : '';
  return `${stem.slice(0, 80)}-cut.${ext || 'mp4'}`;
}
