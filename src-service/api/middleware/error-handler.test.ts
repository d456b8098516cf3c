import { describe, expect, it } from 'vitest';
import * as errors from '../../errors';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InsufficientStorageError,
  JobFailure,
  NotFoundError,
  PayloadTooLargeError,
  QuotaExceededError,
  RateLimitError,
  ValidationError,
} from '../../errors';
import { HttpError, UnauthorizedError, UNAUTHORIZED_DETAIL, UNAUTHORIZED_HINT } from '../http-error';
import { answerFor } from './error-handler';

describe('the one mapping from errors to answers', () => {
  it.each([
    [new BadRequestError('Part 3 was not uploaded'), 400],
    [new ForbiddenError('Private storage is not available on the trial plan'), 403],
    [new QuotaExceededError('Storage quota exceeded (10 of 10 bytes used)'), 403],
    [new NotFoundError('Command not found'), 404],
    [new ConflictError('Preset x already exists'), 409],
    [new PayloadTooLargeError('File too large'), 413],
    [new InsufficientStorageError('No space left on the data disk for this upload'), 507],
  ])('when a use case throws %s, then status %i with its detail', (err, status) => {
    expect(answerFor(err)).toEqual({ status, body: { detail: err.detail }, headers: {} });
  });

  it('when the defaults are used, then the texts are the ones clients already see', () => {
    expect(answerFor(new NotFoundError())?.body).toEqual({ detail: 'Not found' });
    expect(answerFor(new PayloadTooLargeError())?.body).toEqual({ detail: 'Request body too large' });
    expect(answerFor(new InsufficientStorageError())?.body).toEqual({ detail: 'No space left on the data disk: free some space and try again' });
  });

  it('when a validation fails, then 422 with the list of issues', () => {
    const issues = [{ loc: ['body', 'ffmpeg_command'], msg: 'Field required', type: 'missing' }];
    expect(answerFor(new ValidationError(issues))).toEqual({ status: 422, body: { detail: issues }, headers: {} });
  });

  it('when rate limited, then 429 with Retry-After in whole seconds, at least 1', () => {
    expect(answerFor(new RateLimitError(29.2))).toEqual({ status: 429, body: { detail: 'Rate limit exceeded' }, headers: { 'Retry-After': '30' } });
    expect(answerFor(new RateLimitError(0.01))?.headers).toEqual({ 'Retry-After': '1' });
  });

  it('when the HTTP layer refuses a request, then its own status, detail and headers', () => {
    expect(answerFor(new UnauthorizedError())).toEqual({ status: 401, body: { detail: UNAUTHORIZED_DETAIL, hint: UNAUTHORIZED_HINT }, headers: {} });
    expect(answerFor(new HttpError(408, 'slow', { headers: { Connection: 'close' } }))).toEqual({
      status: 408,
      body: { detail: 'slow' },
      headers: { Connection: 'close' },
    });
  });

  it('when the error is not a refusal (a job failure, a bug), then no answer: the handler hides it behind a 500', () => {
    expect(answerFor(new JobFailure('PROCESSING_ERROR', 'ffmpeg exited with 1'))).toBeNull();
    expect(answerFor(new TypeError('x is undefined'))).toBeNull();
    expect(answerFor('a string')).toBeNull();
  });

  it('when errors.ts gains a domain error, then it has a status here (it never falls through to a 500)', () => {
    const exported: unknown[] = Object.values(errors);
    const kinds = exported.filter(
      (v): v is { prototype: errors.DomainError; name: string } => typeof v === 'function' && v.prototype instanceof errors.DomainError,
    );
    expect(kinds.length).toBeGreaterThanOrEqual(9);
    for (const kind of kinds) expect(answerFor(Object.create(kind.prototype)), kind.name).not.toBeNull();
  });
});
