import { extensionsForKinds } from '../../../../src-service/contract/media-kinds';
import type { Preset, PresetApi } from './presets-api';

/** What the watch-folder form holds; text as typed, turned into the request by `toWatchBody`. */
export interface WatchForm {
  folder: string;
  outputFolder: string;
  preset: string;
  parameters: Record<string, string>;
  /** null: the preset's file types (the field shows them and the request leaves them out). */
  extensions: string | null;
  maxRunSeconds: string;
  moveOriginals: boolean;
}

export const EMPTY_WATCH_FORM: WatchForm = {
  folder: '',
  outputFolder: '',
  preset: '',
  parameters: {},
  extensions: null,
  maxRunSeconds: '',
  moveOriginals: false,
};

/** The file types a watch folder of this preset takes unless told otherwise (the service's own rule). */
export function presetExtensions(preset: Preset | undefined): string[] {
  return extensionsForKinds(preset?.inputs[0]?.kinds);
}

/** "MP4, .mov  mkv" -> ["mp4", "mov", "mkv"]. */
export function parseExtensions(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.replace(/^\.+/, '').toLowerCase())
    .filter(Boolean);
}

type CreateBody = Parameters<PresetApi['createWatch']>[0];

export function toWatchBody(form: WatchForm, preset: Preset): CreateBody {
  const extensions = form.extensions === null ? null : parseExtensions(form.extensions);
  const isPresetDefault = extensions !== null && extensions.join() === presetExtensions(preset).join();
  const limit = form.maxRunSeconds.trim() === '' ? undefined : Number(form.maxRunSeconds);
  return {
    folder: form.folder.trim(),
    output_folder: form.outputFolder.trim(),
    preset: preset.name,
    parameters: form.parameters,
    move_originals: form.moveOriginals,
    ...(extensions && !isPresetDefault ? { extensions } : {}),
    ...(limit === undefined ? {} : { max_command_run_seconds: limit }),
  };
}
