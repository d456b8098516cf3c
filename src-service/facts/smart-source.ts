/** The codecs whose GOPs a smart cut copies (its edges are encoded in the same codec; docs/cutting.md). */
export const SMART_CODECS = ['h264', 'hevc'] as const;

/** What decides whether a video's GOPs can be copied between re-encoded edges. */
export interface SmartSource {
  codec: string;
  /** ffprobe's field_order; absent or "progressive"/"unknown" for frames. */
  fieldOrder?: string | undefined;
  /** A frame after a keyframe, in decode order, shown before it: it refers to the GOP before. */
  hasOpenGop: boolean;
}

/**
 * Why a smart cut of this video re-encodes it whole instead of copying the GOPs between its edges,
 * or null when it copies them (docs/cutting.md, "Fallbacks"). One answer for the cut itself and for
 * the clip view before an export (`smart_cut_refusal` of GET /v1/files/{id}/keyframes).
 */
export function smartCopyRefusal(v: SmartSource): string | null {
  if (!(SMART_CODECS as readonly string[]).includes(v.codec))
    return `Smart cut copies H.264 and H.265 GOPs; this source is ${v.codec || 'unknown'}, so it is re-encoded whole`;
  if (v.fieldOrder && !['progressive', 'unknown'].includes(v.fieldOrder)) return `The source is field-coded (${v.fieldOrder}); its edges cannot be matched`;
  if (v.hasOpenGop) return 'The source uses open GOPs (frames after a keyframe refer to the GOP before it)';
  return null;
}

/**
 * Watches packets in decode order for an open GOP: a packet after a key packet that shows before
 * it refers to the GOP before (leading pictures). The one rule for a cut's window (`hasOpenGop`
 * in src-service/edits/facts.ts) and for a whole file's packet pass (facts/keyframe-lines.ts).
 */
export function openGopWatch(): { see(pts: number, key: boolean): void; isOpen(): boolean } {
  let keyPts = -Infinity;
  let open = false;
  return {
    see(pts, key) {
      if (key) keyPts = pts;
      else if (pts < keyPts) open = true;
    },
    isOpen: () => open,
  };
}
