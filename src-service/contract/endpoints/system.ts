import { defineEndpoints } from '../endpoint';
import { AccountInfo, CapabilitiesInfo, Health, SystemInfo } from '../system.schema';
import { errors, json } from '../responses';

/** Health (no key), the account, the system and what the ffmpeg in use can do. */
export const systemEndpoints = defineEndpoints({
  getAccount: {
    method: 'get',
    path: '/v1/account',
    tag: 'Account',
    summary: 'Plan, quotas and usage',
    responses: { '200': json('The account', AccountInfo), ...errors(401) },
  },
  getSystem: {
    method: 'get',
    path: '/v1/system',
    tag: 'System',
    summary: 'Versions, paths, vCPU budget and running commands',
    responses: { '200': json('System information', SystemInfo), ...errors(401) },
  },
  getCapabilities: {
    method: 'get',
    path: '/v1/capabilities',
    tag: 'System',
    summary: 'What the ffmpeg in use can do (FFDesk)',
    description:
      'Encoders, decoders, filters, muxers, demuxers, protocols, hwaccels and option names as listed by the ffmpeg binary itself ' +
      '(read once per binary), and the hardware encoders that completed a test encode on this machine (`state: detecting` until those have run).',
    responses: { '200': json('The capabilities', CapabilitiesInfo), ...errors(401) },
  },
  getHealth: {
    method: 'get',
    path: '/v1/health',
    tag: 'System',
    summary: 'Liveness, and which ffmpeg/ffprobe run, chosen among which candidates and why (no key)',
    auth: false,
    responses: { '200': json('OK', Health) },
  },
});
