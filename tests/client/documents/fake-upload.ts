import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, for the upload of a file to its presigned form: it records what
 * was sent, and the test decides the progress and the answer.
 */
export class FakeUploadRequest {
  method = '';
  url = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEventInit) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  /** The form's entries in order, files by name. */
  entries(): Array<[string, string]> {
    const form = this.body as FormData;
    return [...form.entries()].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : `file:${value.name}:${value.size}`,
    ]);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

/** Replaces XMLHttpRequest; returns the requests made, in order. */
export function stubUploads(): FakeUploadRequest[] {
  const requests: FakeUploadRequest[] = [];
  class Recorded extends FakeUploadRequest {
    override send(body: unknown) {
      super.send(body);
      requests.push(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', Recorded);
  return requests;
}

/** A file of `size` bytes. */
export const fileOf = (name: string, size: number, type = 'application/pdf') =>
  new File([new Uint8Array(size)], name, { type });
