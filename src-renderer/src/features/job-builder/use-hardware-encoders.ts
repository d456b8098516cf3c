import { useEffect, useState } from 'react';
import type { HardwareEncoders } from '../../../../src-service/client';
import { useApi } from '../../lib/api';

const POLL_MS = 3_000;

/** Which hardware encoders work (GET /v1/system); polled while the service still runs its test encodes. */
export function useHardwareEncoders(): HardwareEncoders | null {
  const { client } = useApi();
  const [hw, setHw] = useState<HardwareEncoders | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const load = () =>
      client.system().then(
        (s) => {
          if (!live) return;
          setHw(s.hardware_encoders ?? null);
          if (s.hardware_encoders?.state === 'detecting') timer = setTimeout(() => void load(), POLL_MS);
        },
        () => undefined, // no hardware info: the templates stay software-only
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client]);
  return hw;
}
