import { useMemo } from 'react';
import { useApi } from '../../lib/api';
import { presetApi, type PresetApi } from './presets-api';

export function usePresetApi(): PresetApi {
  const { client } = useApi();
  return useMemo(() => presetApi(client), [client]);
}
