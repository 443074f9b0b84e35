import { randomBytes } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock';
import { AppError, errors } from '../errors';
import type { SecretHasher } from '../identity/secrets';
import { isSafeKey, type BlobStore, type PresignedPost, type PresignRequest } from './blob-store';

/** What a verified upload form allows: the key to store under and the size range. */
export interface AllowedUpload {
  key: string;
  minBytes: number;
  maxBytes: number;
}

type Condition = Record<string, string> | ['content-length-range', number, number];

interface Policy {
  expiration: string;
  conditions: Condition[];
}

/** Fields S3 does not require a policy condition for. */
const unconditionedFields = new Set(['policy', 'signature', 'file']);

/**
 * Blobs as files under a folder (DATA_DIR/blobs), with presigned POST forms our own /uploads
 * route accepts the way S3 accepts its own: a policy (expiry, exact key, account, size range)
 * signed with the server's secret, every form field covered by a condition.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  readonly uploadOrigins: readonly string[] = [];

  constructor(
    private readonly root: string,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly uploadUrl = '/uploads',
  ) {}

  async presignPost(request: PresignRequest): Promise<PresignedPost> {
    const expiration = new Date(this.clock.now().getTime() + request.expiresInSeconds * 1000);
    const policy: Policy = {
      expiration: expiration.toISOString(),
      conditions: [
        { key: request.key },
        { 'x-amz-meta-account': request.accountId },
        ['content-length-range', 1, request.maxBytes],
      ],
    };
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
    return {
      url: this.uploadUrl,
      fields: {
        key: request.key,
        'x-amz-meta-account': request.accountId,
        policy: encoded,
        signature: this.hasher.hash('upload-policy', encoded),
      },
    };
  }

  /** Checks an upload form's fields; throws the 4xx to answer when they do not hold. */
  verifyPost(fields: Record<string, string>): AllowedUpload {
    const { policy: encoded, signature } = fields;
    if (!encoded || !signature) {
      throw errors.UPLOAD_UNSIGNED();
    }
    if (!this.hasher.matches('upload-policy', encoded, signature))
      throw new AppError('UPLOAD_REFUSED');
    const policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Policy;
    if (!(new Date(policy.expiration).getTime() > this.clock.now().getTime())) {
      throw new AppError('UPLOAD_EXPIRED');
    }
    let range: [number, number] | undefined;
    const covered = new Set<string>();
    for (const condition of policy.conditions) {
      if (Array.isArray(condition)) {
        range = [condition[1], condition[2]];
        continue;
      }
      for (const [name, value] of Object.entries(condition)) {
        covered.add(name);
        if (fields[name] !== value) throw new AppError('UPLOAD_REFUSED');
      }
    }
    const stray = Object.keys(fields).find((n) => !covered.has(n) && !unconditionedFields.has(n));
    if (stray !== undefined) {
      throw errors.UPLOAD_FIELD_NOT_ALLOWED(stray);
    }
    const key = fields.key ?? '';
    if (!range || !isSafeKey(key)) throw new AppError('UPLOAD_REFUSED');
    return { key, minBytes: range[0], maxBytes: range[1] };
  }

  /** Stores a new object; false when one is already stored under the key (a form replayed). */
  async putNew(key: string, bytes: Uint8Array): Promise<boolean> {
    if ((await this.get(key)) !== undefined) return false;
    await this.put(key, bytes);
    return true;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    // Written aside, then renamed: a reader never sees half a file. A delete beside it may remove
    // the folder just made (it was empty): then it is made again.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(partial, bytes, { mode: 0o600 });
        await rename(partial, file);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 2) {
          // A write that failed (a full disk, a rename refused) leaves no half file behind.
          await rm(partial, { force: true });
          throw error;
        }
      }
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /**
   * Removes the file, then each folder above it that is left empty (up to the root): a folder is
   * named by its account id, which an erasure must not leave behind (issue 41).
   */
  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await rm(file, { force: true });
    const root = path.resolve(this.root);
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // Not empty (or already gone): the folders above it are not empty either.
      }
    }
  }

  async list(prefix: string): Promise<string[]> {
    const root = path.resolve(this.root);
    let entries: Dirent[];
    try {
      entries = await readdir(this.fileOf(prefix.replace(/\/$/, '')), {
        recursive: true,
        withFileTypes: true,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return (
      entries
        // A half-written file (.partial) is not an object yet.
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .sort()
    );
  }

  /** Readiness: the folder exists (or can be made) and this process may write in it. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  /** The file of a key, which must be a safe key inside the root (no traversal, whatever comes). */
  private fileOf(key: string): string {
    const root = path.resolve(this.root);
    const file = path.resolve(root, key);
    if (!isSafeKey(key) || !file.startsWith(root + path.sep)) {
      throw errors.OBJECT_KEY_INVALID();
    }
    return file;
  }
}
