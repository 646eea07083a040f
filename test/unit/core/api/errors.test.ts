// The classification table: what a well-formed service error means per operation.
import { describe, expect, it } from 'vitest';
import { hintFromMessage, SERVICE_ERROR_MEANING, serviceErrorFor } from '../../../../electron/core/api/errors.ts';
import { wire } from '../../../../electron/core/api/wire.ts';

const decide = (op: keyof typeof SERVICE_ERROR_MEANING, facts = {}, input: Record<string, unknown> = {}) =>
  SERVICE_ERROR_MEANING[op].decide(facts, input);

describe('SERVICE_ERROR_MEANING', () => {
  it('has an entry for every operation of the wire table', () => {
    expect(Object.keys(SERVICE_ERROR_MEANING).sort()).toEqual(Object.keys(wire).sort());
    for (const meaning of Object.values(SERVICE_ERROR_MEANING)) expect(meaning.why.length).toBeGreaterThan(10);
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
    expect(SERVICE_ERROR_MEANING.remoteAdd.checks).toContain('slots');
    expect(decide('remoteAdd', { freeSlots: 0 })).toBe('limit_reached');
    expect(decide('remoteAdd', { freeSlots: 3 })).toBe('validation');
    expect(decide('copy', { videoExists: false })).toBe('not_found');
    expect(decide('copy', { videoExists: true })).toBe('limit_reached');
    expect(decide('thumbnailUpload', { videoExists: false, thumbnailUploadsLastMinute: 9 })).toBe('not_found');
    expect(decide('thumbnailUpload', { videoExists: true, thumbnailUploadsLastMinute: 4 })).toBe('rate_limited');
    expect(decide('thumbnailUpload', { videoExists: true, thumbnailUploadsLastMinute: 1 })).toBe('unavailable');
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
    expect(SERVICE_ERROR_MEANING.videos.checks).toContain('folder');
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
    expect(error.message).toContain('A video may have at most 50 active copies');
    expect(error.toShape()).toEqual({ code: 'limit_reached', message: error.message, retryable: false });
  });
});
