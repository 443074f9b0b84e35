import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../../src/server/blobs/local-blob-store';
import { ManualClock } from '../../../src/server/clock';
import { SecretHasher } from '../../../src/server/identity/secrets';

describe('the local blob store’s listing', () => {
  let root: string;
  let store: LocalBlobStore;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'admissions-blobs-'));
    store = new LocalBlobStore(root, new SecretHasher('x'.repeat(32)), new ManualClock());
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves no half-written file behind when a write fails', async () => {
    // A folder where the file should go: the rename at the end of the write is refused.
    mkdirSync(path.join(root, 'uploads/a/transcript_file/one/inside'), { recursive: true });
    await expect(store.put('uploads/a/transcript_file/one', new Uint8Array([1]))).rejects.toThrow();
    expect(readdirSync(path.join(root, 'uploads/a/transcript_file'))).toEqual(['one']);
  });

  it('lists the keys under a prefix, not half-written files nor a longer prefix’s', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    await store.put('uploads/a/transcript_file/one', bytes);
    await store.put('uploads/a/essay_file/two', bytes);
    await store.put('uploads/ab/transcript_file/three', bytes);
    writeFileSync(path.join(root, 'uploads/a/transcript_file/one.abc123.partial'), bytes);
    expect(await store.list('uploads/a/')).toEqual([
      'uploads/a/essay_file/two',
      'uploads/a/transcript_file/one',
    ]);
    expect(await store.list('uploads/nobody/')).toEqual([]);
    await expect(store.list('../')).rejects.toThrow('This is not a valid object key.');
  });
});
