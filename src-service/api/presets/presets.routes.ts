import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { accountOf } from '../middleware/auth';
import { jsonBody } from '../middleware/json-body';
import { parseInput } from '../validate';
import type { Presets } from '../../presets/presets';
import { submitPreset } from '../../presets/submit-preset';
import { PresetDefinition, PresetExportFile, PresetNameParams, PresetVersionQuery, RunPresetBody } from '../../contract/presets.schema';

/** `/v1/presets` (FFDesk): named, versioned command templates (docs/presets.md). */
export function presetRoutes(deps: AppDeps, presets: Presets): Router {
  const router = new Router({ prefix: '/v1' });

  router.get('/presets', (ctx) => {
    ctx.body = presets.list(accountOf(ctx).id);
  });

  router.post('/presets', jsonBody, (ctx) => {
    ctx.body = presets.create(accountOf(ctx).id, parseInput(PresetDefinition, ctx.state.body, 'body'));
  });

  router.post('/presets/import', jsonBody, (ctx) => {
    const file = parseInput(PresetExportFile, ctx.state.body, 'body');
    const account = accountOf(ctx).id;
    const exists = presets.list(account).some((p) => p.name === file.preset.name && !p.builtin);
    ctx.body = exists ? presets.update(account, file.preset.name, file.preset) : presets.create(account, file.preset);
  });

  router.get('/presets/:name', (ctx) => {
    const { name } = parseInput(PresetNameParams, ctx.params, 'path');
    const { version } = parseInput(PresetVersionQuery, ctx.query, 'query');
    ctx.body = presets.find(accountOf(ctx).id, name, version);
  });

  router.get('/presets/:name/versions', (ctx) => {
    const { name } = parseInput(PresetNameParams, ctx.params, 'path');
    ctx.body = presets.versions(accountOf(ctx).id, name);
  });

  router.get('/presets/:name/export', (ctx) => {
    const { name } = parseInput(PresetNameParams, ctx.params, 'path');
    const { version } = parseInput(PresetVersionQuery, ctx.query, 'query');
    ctx.set('Content-Disposition', `attachment; filename="${name}.ffdesk-preset.json"`);
    ctx.body = presets.exportFile(accountOf(ctx).id, name, version);
  });

  router.put('/presets/:name', jsonBody, (ctx) => {
    const { name } = parseInput(PresetNameParams, ctx.params, 'path');
    const raw = ctx.state.body as Record<string, unknown> | undefined;
    const def = parseInput(PresetDefinition, raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw, name } : raw, 'body');
    ctx.body = presets.update(accountOf(ctx).id, name, def);
  });

  router.delete('/presets/:name', (ctx) => {
    const { name } = parseInput(PresetNameParams, ctx.params, 'path');
    presets.remove(accountOf(ctx).id, name);
    ctx.status = 204;
  });

  router.post('/presets/:name/run', jsonBody, async (ctx) => {
    const { name } = parseInput(PresetNameParams, ctx.params, 'path');
    const body = parseInput(RunPresetBody, ctx.state.body ?? {}, 'body');
    const account = accountOf(ctx);
    const preset = presets.find(account.id, name, body.version);
    const { commandId, request } = await submitPreset(deps, account, preset, body);
    ctx.body = { command_id: commandId, request: request.body };
  });

  return router;
}
