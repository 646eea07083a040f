// The classification: what a well-formed service error means per operation (each row's
// `meaning` in the operation table).
import { describe, expect, it } from 'vitest';
import { hintFromMessage, redactServiceError, serviceErrorFor } from '../../../../electron/core/api/errors.ts';
import { sayInEnglish } from '../../../../shared/i18n/say.ts';
import { OPERATIONS, type OperationName } from '../../../../electron/core/api/operations.ts';

const decide = (op: OperationName, facts = {}, input: Record<string, unknown> = {}) => OPERATIONS[op].meaning.decide(facts, input);

describe('the error meaning of each operation row', () => {
  it('says why, for every operation', () => {
    for (const operation of Object.values(OPERATIONS)) expect(operation.meaning.why.length).toBeGreaterThan(10);
  });

  it('operation 1 can only mean the key', () => {
    expect(decide('account')).toBe('unauthorized');
  });

  it('ids that fail are missing things', () => {
    expect(decide('videoInfo')).toBe('not_found');
    expect(decide('remoteStatus')).toBe('not_found');
    expect(decide('skipIntro')).toBe('not_found');
    expect(decide('folderRename')).toBe('not_found');
  });

  it('uses the facts it asked for', () => {
    expect(OPERATIONS.remoteAdd.meaning.checks).toContain('slots');
    expect(decide('remoteAdd', { freeSlots: 0 })).toBe('limit_reached');
    expect(decide('remoteAdd', { freeSlots: 3 })).toBe('validation');
    expect(decide('copy', { videoExists: false })).toBe('not_found');
    expect(decide('copy', { videoExists: true })).toBe('limit_reached');
    expect(decide('thumbnailUpload', { videoExists: false, overRateLimit: true })).toBe('not_found');
    expect(decide('thumbnailUpload', { videoExists: true, overRateLimit: true })).toBe('rate_limited');
    expect(decide('thumbnailUpload', { videoExists: true, overRateLimit: false })).toBe('unavailable');
    expect(decide('subtitleFile', { videoExists: true })).toBe('unavailable');
    expect(decide('subtitleUrl', { videoExists: true })).toBe('validation');
    expect(decide('thumbnailDelete', { videoExists: true })).toBe('server');
  });

  it('says not_found for a listing only when its folder is gone from the tree, server otherwise', () => {
    expect(decide('folders', {}, { parent: 0 })).toBe('server');
    expect(decide('folders', { folderExists: false }, { parent: 7 })).toBe('not_found');
    expect(decide('folders', { folderExists: true }, { parent: 7 })).toBe('server');
    expect(decide('videos', {}, { folder: 0 })).toBe('server');
    expect(decide('videos', { folderExists: false }, { folder: 7 })).toBe('not_found');
    expect(decide('videos', { folderExists: true }, { folder: 7 })).toBe('server');
    expect(OPERATIONS.videos.meaning.checks).toContain('folder');
  });

  it('treats a failed read of locally checked pages as the service failing (retryable), not a refusal', () => {
    expect(decide('dmca', {})).toBe('server');
    expect(decide('remoteList', {})).toBe('server');
  });
});

describe('message hints', () => {
  it('knows only the two messages the spec quotes', () => {
    expect(hintFromMessage('Invalid API Key')).toBe('unauthorized');
    expect(hintFromMessage(' file not found ')).toBe('not_found');
    expect(hintFromMessage('Folder not found')).toBeUndefined();
  });
});

describe('serviceErrorFor', () => {
  it('keeps the service message for the person and as serviceMessage', () => {
    const error = serviceErrorFor('copy', 'limit_reached', 'A video may have at most 50 active copies');
    expect(error.code).toBe('limit_reached');
    expect(error.retryable).toBe(false);
    expect(error.serviceMessage).toBe('A video may have at most 50 active copies');
    const said = { code: 'error_limit_reached_service_said', params: { detail: 'A video may have at most 50 active copies' } };
    expect(error.toShape()).toEqual({ code: 'limit_reached', message: error.message, said, retryable: false });
    expect(sayInEnglish(error.said)).toBe('A limit of the service was reached. The service said: “A video may have at most 50 active copies”');
    expect(error.message).toBe(sayInEnglish(error.said));
  });

  it('says only what the code means when the service gave no words', () => {
    const error = serviceErrorFor('copy', 'server', '  ');
    expect(error.said).toEqual({ code: 'error_server', params: {} });
    expect(error.message).toBe('The service had a problem.');
  });
});

describe('redactServiceError', () => {
  it('redacts a secret the service echoed back in what is said, the message and serviceMessage', () => {
    const error = serviceErrorFor('account', 'unauthorized', 'invalid api key SECRET123');
    const redacted = redactServiceError(error, (text) => text.replaceAll('SECRET123', '[redacted]'));
    expect(redacted.said).toEqual({ code: 'error_unauthorized_service_said', params: { detail: 'invalid api key [redacted]' } });
    expect(redacted.message).not.toContain('SECRET123');
    expect(redacted.serviceMessage).toBe('invalid api key [redacted]');
    expect(redactServiceError(redacted, (text) => text)).toBe(redacted);
  });
});
