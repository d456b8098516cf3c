import type { Config } from '../config';

/**
 * Loopback and LAN hosts are allowed by default: media and webhook receivers often live
 * on this machine (docs/choices.md: Requests). Those who expose FFDesk wider set
 * `FFDESK_INPUT_HOSTS_DENY` / `FFDESK_INPUT_HOSTS_ALLOW` (host names or `*.suffix`).
 */
export function isHostAllowed(config: Pick<Config, 'inputHostsAllow' | 'inputHostsDeny'>, host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (config.inputHostsDeny.some((p) => matches(p, h))) return false;
  return config.inputHostsAllow.length === 0 || config.inputHostsAllow.some((p) => matches(p, h));
}

function matches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  return pattern === host;
}
