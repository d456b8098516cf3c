import { useEffect, useState } from 'react';
import { API } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import type { ConvertChoices, LoudnessMeasured } from './convert-args';

export type MeasureState = { state: 'none' } | { state: 'measuring' } | { state: 'measured'; measured: LoudnessMeasured } | { state: 'failed'; reason: string };

/**
 * The first pass of the loudness normalisation (docs/gui.md, "The convert panel"): when a
 * loudness target is chosen for a stored input, the service measures the chosen track once
 * (GET /v1/files/{id}/loudness) and the measurement goes into the choices, so the panel
 * writes the second pass. Without a stored input the command stays one pass.
 */
export function useLoudnessMeasure(choices: ConvertChoices, fileId: string | undefined, choose: (patch: Partial<ConvertChoices>) => void): MeasureState {
  const { client } = useApi();
  const [failed, setFailed] = useState<{ key: string; reason: string } | null>(null);
  const track = Math.max(1, Math.round(choices.audioTrack));
  const wanted = choices.loudness !== null && !choices.mute && fileId !== undefined;
  const key = `${fileId}/${track}`;
  const have = choices.measured && `${choices.measured.fileId}/${choices.measured.track}` === key ? choices.measured : null;

  useEffect(() => {
    if (!wanted || have || !fileId) return;
    const stop = new AbortController();
    client.call(API.getFileLoudness, { params: { file_id: fileId }, query: { audio_track: track }, signal: stop.signal }).then(
      (m) => choose({ measured: { fileId, track, i: m.input_i, tp: m.input_tp, lra: m.input_lra, thresh: m.input_thresh } }),
      (err: unknown) => {
        if (!stop.signal.aborted) setFailed({ key, reason: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => stop.abort();
    // `choose` is rebuilt on every render; the request depends only on the file and the track.
  }, [wanted, Boolean(have), fileId, track, client]);

  if (!wanted) return { state: 'none' };
  if (have) return { state: 'measured', measured: have };
  if (failed?.key === key) return { state: 'failed', reason: failed.reason };
  return { state: 'measuring' };
}
