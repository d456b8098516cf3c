import { fieldLabel } from '../lib/field-labels';
import { isApiError } from '../../../src-service/client';
import { Button } from './Button';

/** Turns any error into a sentence with what to do about it. */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 404 && error.message === 'Not Found') return 'This service does not offer that feature yet (404).';
    if (error.status === 403) return `Not allowed: ${error.message}`;
    if (error.status === 429) return `Too many requests: ${error.message}. Wait a moment and try again.`;
    // A refused body names its fields as the GUI does ("Step 1: …"), not by their API names.
    if (error.status === 422 && error.issues.length > 0 && error.issues.every((i) => i.loc[0] === 'body'))
      return error.issues.map((i) => `${fieldLabel(i.loc)}: ${i.msg}`).join('; ');
    return error.message;
  }
  if ((error as Error | null)?.name === 'NetworkError') return `${(error as Error).message}. Is it running?`;
  return error instanceof Error ? error.message : String(error);
}

export function ErrorNotice({ error, onRetry, title = 'Something went wrong' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div className="notice notice-danger" role="alert">
      <div className="stack" style={{ flex: 1 }}>
        <strong>{title}</strong>
        <span>{describeError(error)}</span>
      </div>
      {onRetry && (
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
