import { PRESET_FORMAT, PRESET_FORMAT_VERSION, type PresetExportFile, type PresetRecord } from '../../contract/preset-definition';
import type { Preset } from '../../presets/stored-preset';

/** A preset as `/v1/presets` shows it: its definition, then its version, whether built in, and `created_at`. */
export function presentPreset(p: Preset): PresetRecord {
  const { createdAt, ...rest } = p;
  return { ...rest, created_at: createdAt };
}

/** The shareable file of `GET /v1/presets/{name}/export`: the definition alone, under the file format's name and version. */
export function presentExportFile(p: Preset): PresetExportFile {
  const { version: _v, builtin: _b, createdAt: _c, ...preset } = p;
  return { format: PRESET_FORMAT, format_version: PRESET_FORMAT_VERSION, preset };
}
