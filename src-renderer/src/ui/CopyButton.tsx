import { copyText } from '../lib/clipboard';
import { Button, type ButtonProps } from './Button';
import { showToast } from './toast';

/** Copies the text that `getText` returns (it may fetch it first, e.g. a presigned URL). */
export function CopyButton({
  getText,
  label,
  done = 'Copied',
  ...rest
}: { getText: () => string | Promise<string>; label: string; done?: string } & ButtonProps) {
  async function copy() {
    try {
      await copyText(await getText());
      showToast(done);
    } catch (err) {
      showToast(err instanceof Error ? err.message : String(err), { isError: true });
    }
  }
  return (
    <Button {...rest} onClick={() => void copy()}>
      {label}
    </Button>
  );
}
