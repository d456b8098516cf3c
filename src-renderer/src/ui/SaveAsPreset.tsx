import type { CommandRequest } from '../../../src-service/client';
import { draftNaming, presetFromRequest } from '../lib/preset-draft';
import { handOffPresetDraft } from '../lib/preset-handoff';
import { navigate } from '../lib/router';
import { Button } from './Button';

/**
 * "Save as preset" (a job, or the builder's form): opens the preset editor on the Presets
 * page with its command, inputs and outputs, each `{{name}}` in the command a parameter to
 * describe (docs/gui.md, "Presets").
 */
export function SaveAsPreset({ getRequest, size = 'normal' }: { getRequest(): CommandRequest; size?: 'normal' | 'small' }) {
  return (
    <Button
      size={size}
      onClick={() => {
        const request = getRequest();
        const { name, title } = draftNaming(request);
        handOffPresetDraft({ ...presetFromRequest(name, request), title });
        navigate({ name: 'presets' });
      }}
    >
      Save as preset…
    </Button>
  );
}
