import { useEffect, useState } from 'react';
import type { FfdeskClient } from '../../../../src-service/client';
import { useApi } from '../../lib/api';
import { vocabOf, type CommandVocab } from '../../../../src-service/ffmpeg-args/command-lint';

/** One capabilities request per client: every editor of the page shares it. */
const loaded = new WeakMap<FfdeskClient, Promise<CommandVocab>>();

function load(client: FfdeskClient): Promise<CommandVocab> {
  let p = loaded.get(client);
  if (!p) {
    p = client.capabilities().then(vocabOf);
    p.catch(() => loaded.delete(client)); // tried again by the next editor that mounts
    loaded.set(client, p);
  }
  return p;
}

/** The running ffmpeg's option, encoder and filter names; null until known (or if unavailable: no lint then). */
export function useCommandVocab(): CommandVocab | null {
  const { client } = useApi();
  const [vocab, setVocab] = useState<CommandVocab | null>(null);
  useEffect(() => {
    let live = true;
    load(client).then(
      (v) => live && setVocab(v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  return vocab;
}
