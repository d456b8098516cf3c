import type Router from '@koa/router';
import { accountOf } from '../middleware/auth';
import type { Account } from '../../accounts/account';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import type { Presets } from '../../presets/presets';
import { submitPreset } from '../../presets/submit-preset';
import type { SubmitDeps } from '../../jobs/submit';
import { presetEndpoints } from '../../contract/endpoints/presets';
import { presentExportFile, presentPreset } from './presets.presenter';

/** `/v1/presets` (FFDesk): named, versioned command templates (docs/presets.md). */
export function presetRoutes(submit: SubmitDeps, presets: Presets): Router {
  // Every saved version is a stored record: the plan's size (422) and count (429) first (accounts/record-limits.ts).
  const priced = (account: Account, definition: object) => {
    submit.records?.assertPresetSize(account, definition);
    submit.records?.assertRoom(account, 'presetVersions');
  };
  return mountEndpoints(createRouter(), presetEndpoints, {
    listPresets: (ctx) => presets.list(accountOf(ctx).id).map(presentPreset),

    createPreset: (ctx, { body }) => {
      priced(accountOf(ctx), body);
      return presentPreset(presets.create(accountOf(ctx).id, body));
    },

    importPreset: (ctx, { body: file }) => {
      priced(accountOf(ctx), file.preset);
      const account = accountOf(ctx).id;
      const exists = presets.list(account).some((p) => p.name === file.preset.name && !p.builtin);
      return presentPreset(exists ? presets.update(account, file.preset.name, file.preset) : presets.create(account, file.preset));
    },

    getPreset: (ctx, input) => {
      const { name } = input.params;
      return presentPreset(presets.find(accountOf(ctx).id, name, input.query.version));
    },

    listPresetVersions: (ctx, { params: { name } }) => presets.versions(accountOf(ctx).id, name).map(presentPreset),

    exportPreset: (ctx, input) => {
      const { name } = input.params;
      const { version } = input.query;
      ctx.set('Content-Disposition', `attachment; filename="${name}.ffdesk-preset.json"`);
      return presentExportFile(presets.find(accountOf(ctx).id, name, version));
    },

    updatePreset: (ctx, input) => {
      const { name } = input.params;
      // The name in the path is the preset's name: it is put into the body before the body is checked.
      const raw = ctx.state.body as Record<string, unknown> | undefined;
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) ctx.state.body = { ...raw, name };
      priced(accountOf(ctx), input.body);
      return presentPreset(presets.update(accountOf(ctx).id, name, input.body));
    },

    deletePreset: (ctx, { params: { name } }) => {
      presets.remove(accountOf(ctx).id, name);
      ctx.status = 204;
    },

    runPreset: async (ctx, input) => {
      const { name } = input.params;
      const body = input.body;
      const account = accountOf(ctx);
      const preset = presets.find(account.id, name, body.version);
      const { commandId, request } = await submitPreset(submit, account, preset, body);
      return { command_id: commandId, request: request.body };
    },
  });
}
