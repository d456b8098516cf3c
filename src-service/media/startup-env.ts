import { MINIMAL_ENV } from './confine/policy';

/**
 * The environment of the ffmpeg/ffprobe runs FFDesk makes before any job: `-version` of every
 * candidate, the capability listings and the hardware-encoder trials (docs/sandbox.md, "Runs
 * outside a job"). They run with fixed arguments, stdin closed, and the same fixed environment
 * a confined job gets: nothing of the service's own (a proxy, a library path, an FFDESK_*
 * secret) reaches them. Windows also needs SystemRoot to load its system DLLs.
 */
export function startupEnv(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (platform !== 'win32') return { ...MINIMAL_ENV };
  return env.SystemRoot ? { SystemRoot: env.SystemRoot } : {};
}
