import { parseFilterGraph, type FilterNode } from './filtergraph';
import { demuxerSettingReason } from './sandbox-options';
import { filterValueReason, firstReason } from './sandbox-paths';

/**
 * Filter graphs in the sandbox: every option value of every filter gets the path and
 * protocol checks, whichever filter it belongs to (movie, amovie, subtitles, ass,
 * drawtext fontfile/textfile, lut3d/lut1d file, curves psfile, libvmaf model_path/log_path,
 * psnr/ssim stats_file, vidstab input/result, arnndn model, sofalizer sofa, signature
 * filename, dnn_* model...), so no per-filter list can fall behind ffmpeg.
 *
 * A value that itself contains `=` may be read again as options or as a graph (sendcmd
 * commands that `reinit` drawtext, movie's `f=lavfi`, `format_opts`, libvmaf's `model`),
 * so it is checked again as a graph, a few levels deep.
 */
const MAX_DEPTH = 3;

/** Filters that load native code (a .so from the job folder would run inside ffmpeg). */
const NATIVE_PLUGIN_FILTERS = new Set(['frei0r', 'frei0r_src', 'ladspa', 'lv2']);
/** Filters that take commands over a network socket. */
const NETWORK_FILTERS = new Set(['zmq', 'azmq']);
const SENDCMD_FILTERS = new Set(['sendcmd', 'asendcmd']);

/** Why the graph is refused, or null. `depth` 0 is a graph ffmpeg parses as a graph. */
export function graphReason(text: string, depth = 0): string | null {
  return firstReason(parseFilterGraph(text), (node) => nodeReason(node, depth));
}

function nodeReason(node: FilterNode, depth: number): string | null {
  const filter = node.name.replace(/@.*$/s, '').trim();
  return (
    (depth === 0 ? filterReason(filter, node) : null) ??
    filterValueReason(node.name) ??
    demuxerSettingReason(filter, node.options[0]?.value ?? '1') ?? // nested `safe=0` reads as a "filter"
    firstReason(node.options, (option) => optionValueReason(option.key, option.value, depth))
  );
}

function filterReason(filter: string, node: FilterNode): string | null {
  if (NATIVE_PLUGIN_FILTERS.has(filter)) return `filters that load native plugins are not allowed: ${filter}`;
  if (NETWORK_FILTERS.has(filter)) return `filters that take commands from the network are not allowed: ${filter}`;
  if (SENDCMD_FILTERS.has(filter) && readsCommandFile(node)) {
    return `${filter} must take its commands inline (commands=...), not from a file the service cannot check`;
  }
  return null;
}

/** sendcmd's options in order are commands (c), filename (f): a second positional value is a file name. */
function readsCommandFile(node: FilterNode): boolean {
  return node.options.some((option, i) => option.key === 'f' || option.key === 'filename' || (option.key === null && i > 0));
}

function optionValueReason(key: string | null, value: string, depth: number): string | null {
  if (key?.startsWith('/')) return `loading a filter option from a file is not allowed: ${key}`;
  return (
    (key === null ? null : demuxerSettingReason(key, value)) ??
    filterValueReason(value) ??
    (depth < MAX_DEPTH && value.includes('=') ? graphReason(value, depth + 1) : null)
  );
}
