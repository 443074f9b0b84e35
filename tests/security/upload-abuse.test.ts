/**
 * Hostile uploads (ASVS V12.1–V12.5, ARCHITECTURE decision 6): keys that climb out of the blob
 * folder, hostile file names, oversized files, types that lie about themselves, zip bombs and
 * upload forms that were changed, replayed or kept too long. Each is refused with a 4xx, and
 * afterwards every file of the data folder is where the server put it: under DATA_DIR/blobs, at
 * a key it made.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocxConverter } from '../../src/server/conversion/convert-docx';
import { SecretHasher } from '../../src/server/identity/secrets';
import { ServiceTokens } from '../../src/server/identity/service-tokens';
import {
  createTestApp,
  databases,
  PASSWORD,
  signedIn,
  type TestApp,
} from '../server/helpers/test-app';
import {
  declaredZipBomb,
  deflatedZipBomb,
  docx,
  elfProgram,
  manyEntriesZip,
  paddedJpeg,
  pdf,
  png,
  shellScript,
  understatedZipBomb,
  zip,
} from '../server/helpers/fixtures';
import { postUpload, presign, type Presigned } from '../server/helpers/uploads';
import { accountIdOf, fileTree, noRateLimits, sessionToken } from './helpers/applicants';
import { useSecurityLog } from './helpers/security-log';

const log = useSecurityLog();
log.secret('password', PASSWORD);
const USER = 'ada@example.org';
const KEY = 'transcript_file';

const encodePolicy = (policy: unknown) => Buffer.from(JSON.stringify(policy)).toString('base64');
const decodePolicy = (encoded: string) =>
  JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };

/** A Word converter that must never be reached by the files of this suite. */
const docxConverter = {
  name: 'javascript' as const,
  convert: vi.fn(async (): Promise<Uint8Array> => {
    throw new Error('a hostile archive reached the Word converter');
  }),
} satisfies DocxConverter;

// Archives are written asynchronously, and the it.each tables below are read at collection time.
const notWord = await zip([{ name: 'evil.sh', data: '#!/bin/sh\n' }]);
const [declaredBomb, deflatedBomb, manyEntries] = [
  await declaredZipBomb(),
  await deflatedZipBomb(),
  await manyEntriesZip(2500),
];

describe.each(databases)('hostile uploads on $name', ({ url }) => {
  let t: TestApp;
  let ada: Record<string, string>;
  let adaId: string;
  let blobs: string;
  /** Every key an attacker tried to make the server write to. */
  const triedKeys: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(url, noRateLimits, undefined, {
      logger: log.logger,
      docx: docxConverter,
    });
    ada = await signedIn(t, USER);
    log.secret('session token', sessionToken(ada));
    adaId = await accountIdOf(t, USER);
    blobs = path.join(t.dataDir, 'blobs');
  });
  afterAll(async () => {
    log.secretsFromMail(t.mail);
    await t?.close();
  });
  beforeEach(() => {
    docxConverter.convert.mockClear();
  });

  const form = async (): Promise<Presigned> => {
    const presigned = await presign(t, ada);
    log.secret('upload signature', presigned.fields.signature!);
    return presigned;
  };
  const convert = (fileKey: string, fileName: string) =>
    t.call(
      'POST',
      `/api/pdf/document-answer/${KEY}`,
      { file_key: fileKey, file_name: fileName },
      ada,
    );
  const status = async () =>
    (await t.call('GET', `/api/pdf/document-answer/${KEY}`, undefined, ada)).json<{
      status: string;
      message: string;
    }>();

  describe('path traversal', () => {
    const hostileKeys = [
      '../transcript_file',
      '../../etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e%2f%2e%2e%2fetc',
      '/etc/passwd',
      'transcript_file/../../answers',
      'C:\\Windows\\win.ini',
      'transcript_file\u0000',
      'TRANSCRIPT_FILE',
      'first_name',
    ];

    it.each(hostileKeys)(
      'refuses the answer key %j when asking for an upload form',
      async (key) => {
        const response = await t.call('POST', '/api/presigned-url', { answer_key: key }, ada);
        expect(response.statusCode).toBe(400);
        expect(typeof response.json().message).toBe('string');
      },
    );

    it('refuses climbing keys in the URL of every route that takes a key', async () => {
      const encoded = [
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e%2f%2e%2e%2fanswers',
        '%252e%252e%252f',
        '..',
        '%2Fetc%2Fpasswd',
        'transcript_file%00',
        'transcript_file%2F..%2F..',
        '..%5C..%5Cwin.ini',
      ];
      const tokens = new ServiceTokens(new SecretHasher(t.config.sessionSecret), t.clock);
      const token = tokens.issue(adaId);
      log.secret('service token', token);
      const statuses: number[] = [];
      for (const key of encoded) {
        for (const [method, route] of [
          ['GET', `/api/pdf/document-answer/${key}`],
          ['POST', `/api/pdf/document-answer/${key}`],
          ['DELETE', `/api/pdf/document-answer/${key}`],
          ['DELETE', `/api/document-answer/${key}`],
          ['GET', `/service/document/${key}?service_token=${encodeURIComponent(token)}`],
        ] as const) {
          const body = method === 'GET' ? undefined : { file_key: 'x', file_name: 'a.pdf' };
          const response = await t.call(method, route, body, ada);
          statuses.push(response.statusCode);
          expect([400, 404], `${method} ${route}`).toContain(response.statusCode);
          expect(typeof response.json().message).toBe('string');
        }
      }
      expect(statuses.length).toBe(40);
    });

    it('refuses a file key that climbs out of the applicant’s uploads', async () => {
      const issued = await form();
      for (const fileKey of [
        '../../etc/passwd',
        '/etc/passwd',
        `${issued.fields.key}/../../../../../etc/passwd`,
        `uploads/${adaId}/${KEY}/..`,
        `uploads/${adaId}/${KEY}/%2e%2e%2f%2e%2e`,
        'uploads\\..\\..\\secret',
        `${issued.fields.key}\u0000.pdf`,
      ]) {
        const response = await convert(fileKey, 'a.pdf');
        expect(response.statusCode, fileKey).toBe(400);
        expect(response.json().code).toBe('UPLOAD_NOT_ISSUED');
      }
    });

    it('refuses a climbing key even in a form signed with the server’s own key', async () => {
      // Defence in depth: a policy only the server could sign still cannot name such a key.
      const hasher = new SecretHasher(t.config.sessionSecret);
      const issued = await form();
      for (const key of [
        '../../../escape-a',
        '/tmp/escape-b',
        'uploads/../../escape-c',
        `uploads/${adaId}/${KEY}/../../../../escape-d`,
        'uploads/./escape-e',
      ]) {
        triedKeys.push(key);
        const policy = decodePolicy(issued.fields.policy!);
        policy.conditions[0] = { key };
        const encoded = encodePolicy(policy);
        const fields = {
          ...issued.fields,
          key,
          policy: encoded,
          signature: hasher.hash('upload-policy', encoded),
        };
        const response = await postUpload(t, issued.url, fields, { name: 'a.png', bytes: png() });
        expect(response.statusCode, key).toBe(403);
        expect(response.json().code).toBe('UPLOAD_REFUSED');
      }
    });

    it('ignores the name the upload form sends: the file goes under the server’s key', async () => {
      for (const name of [
        '../../etc/passwd',
        '..\\..\\boot.ini',
        '/etc/shadow',
        'evil\u0000.pdf',
        `${'x'.repeat(5000)}.pdf`,
      ]) {
        const issued = await form();
        const response = await postUpload(t, issued.url, issued.fields, { name, bytes: png() });
        expect(response.statusCode, name.slice(0, 20)).toBe(204);
        expect(existsSync(path.join(blobs, issued.fields.key!))).toBe(true);
      }
    });

    it('refuses hostile names when the document is attached, keeping only a base name', async () => {
      const attach = async (name: string) => {
        const issued = await form();
        await postUpload(t, issued.url, issued.fields, { name: 'x.png', bytes: png() });
        return convert(issued.fields.key!, name);
      };
      const refused: number[] = [];
      for (const name of [
        '../../etc/passwd',
        '..\\..\\boot.ini',
        `${'a'.repeat(300)}.pdf`,
        `${'a'.repeat(40)}.pdf`,
        '\u0000\u0000',
        '../',
      ]) {
        refused.push((await attach(name)).statusCode);
      }
      expect(refused).toEqual([400, 400, 400, 400, 400, 400]);
      // A name is display text only: its folders and control characters are dropped.
      expect((await attach('../../etc/passwd.png')).statusCode).toBe(200);
      expect(
        (await t.call('GET', '/api/document-answer', undefined, ada)).json()[KEY].file_name,
      ).toBe('passwd.png');
      expect((await attach('evil\u0000\u001f.png')).statusCode).toBe(200);
      expect(
        (await t.call('GET', '/api/document-answer', undefined, ada)).json()[KEY].file_name,
      ).toBe('evil.png');
    });
  });

  describe('size', () => {
    it.each([
      ['one byte over 1 MB', 1048577],
      ['3 MB', 3 * 1048576],
    ])('refuses a file of %s with 413, storing nothing', async (_name, size) => {
      const issued = await form();
      const response = await postUpload(t, issued.url, issued.fields, {
        name: 'a.jpg',
        bytes: paddedJpeg(size),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        message: 'Your file is too large. The maximum file size is 1 MB.',
        code: 'FILE_TOO_LARGE',
      });
      expect(existsSync(path.join(blobs, issued.fields.key!))).toBe(false);
      const attach = await convert(issued.fields.key!, 'a.jpg');
      expect(attach.statusCode).toBe(400);
      expect(attach.json().code).toBe('UPLOAD_MISSING');
    });

    it('refuses a JSON body over 1 MB with 413', async () => {
      const response = await t.call('PUT', '/api/answer', { first_name: 'x'.repeat(1100000) }, ada);
      expect(response.statusCode).toBe(413);
      expect(typeof response.json().message).toBe('string');
    });
  });

  describe('types that lie', () => {
    it('takes a PDF named .png as the PDF it is', async () => {
      const issued = await form();
      const bytes = await pdf(1);
      expect(
        (await postUpload(t, issued.url, issued.fields, { name: 'photo.png', bytes })).statusCode,
      ).toBe(204);
      expect((await convert(issued.fields.key!, 'photo.png')).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('document_answers')
        .select('kind')
        .where('account_id', '=', adaId)
        .executeTakeFirstOrThrow();
      expect(row.kind).toBe('pdf');
      await t.jobs.runUntilIdle();
      expect((await status()).status).toBe('COMPLETED');
    });

    it.each([
      ['a Linux program', elfProgram()],
      ['a shell script', shellScript()],
      ['an HTML page', new Uint8Array(Buffer.from('<html><script>alert(1)</script></html>'))],
      [
        'an SVG',
        new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      ],
      ['a zip that is no Word document', notWord],
      ['a PDF signature too late', new Uint8Array(Buffer.from('junk%PDF-1.7\n'))],
    ])('refuses %s named .pdf at the upload, storing nothing', async (_name, bytes) => {
      const issued = await form();
      const response = await postUpload(t, issued.url, issued.fields, {
        name: 'transcript.pdf',
        bytes,
        type: 'application/pdf',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('FILE_REJECTED');
      expect(existsSync(path.join(blobs, issued.fields.key!))).toBe(false);
    });
  });

  describe('zip bombs', () => {
    it.each([
      ['declares 4 GB unpacked', declaredBomb],
      ['holds 30 MB of zeros in some 30 KB', deflatedBomb],
      ['has 2500 entries', manyEntries],
    ])('refuses a Word document that %s before unpacking any of it', async (_name, bytes) => {
      expect(bytes.length).toBeLessThan(1048576);
      const unpack = vi.spyOn(yauzl.ZipFile.prototype, 'openReadStream');
      try {
        const issued = await form();
        const response = await postUpload(t, issued.url, issued.fields, {
          name: 'essay.docx',
          bytes,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('FILE_REJECTED');
        expect(existsSync(path.join(blobs, issued.fields.key!))).toBe(false);
        expect(unpack).not.toHaveBeenCalled();
        expect(docxConverter.convert).not.toHaveBeenCalled();
      } finally {
        unpack.mockRestore();
      }
    });

    it('fails the conversion of one that understates its size, before the converter sees it', async () => {
      const issued = await form();
      const bytes = await understatedZipBomb();
      expect(
        (await postUpload(t, issued.url, issued.fields, { name: 'essay.docx', bytes })).statusCode,
      ).toBe(204);
      expect((await convert(issued.fields.key!, 'essay.docx')).statusCode).toBe(200);
      // Unpacking to check the sizes happens in the conversion's worker thread (isolation.ts), out
      // of this thread's sight: the message says it ran and caught the lie.
      await t.jobs.runUntilIdle();
      expect(await status()).toEqual({
        status: 'FAILED',
        message:
          'This Word document could not be read. Please save it again, or save it as a PDF and upload that.',
      });
      expect(docxConverter.convert).not.toHaveBeenCalled();
    });

    it('still converts an honest Word document (the converter is reached)', async () => {
      const issued = await form();
      await postUpload(t, issued.url, issued.fields, {
        name: 'e.docx',
        bytes: await docx(['Hello']),
      });
      expect((await convert(issued.fields.key!, 'e.docx')).statusCode).toBe(200);
      await t.jobs.runUntilIdle();
      expect(docxConverter.convert).toHaveBeenCalledTimes(1);
    });
  });

  describe('upload forms', () => {
    const file = () => ({ name: 'a.png', bytes: png() });
    const refused = {
      message: 'This upload is not allowed: its form was changed. Please choose your file again.',
      code: 'UPLOAD_REFUSED',
    };

    it('refuses every change to a form’s fields or policy with 403', async () => {
      const issued = await form();
      const { fields } = issued;
      const policy = decodePolicy(fields.policy!);
      const later = { ...policy, expiration: '2099-01-01T00:00:00.000Z' };
      const wider = {
        ...policy,
        conditions: [...policy.conditions.slice(0, 2), ['content-length-range', 1, 1e9]],
      };
      const tampered: Array<[string, Record<string, string>]> = [
        ['signature', { ...fields, signature: `${fields.signature!.slice(0, -2)}AA` }],
        ['expiry', { ...fields, policy: encodePolicy(later) }],
        ['size range', { ...fields, policy: encodePolicy(wider) }],
        ['key', { ...fields, key: fields.key!.replace(/[^/]+$/, 'mine') }],
        ['account', { ...fields, 'x-amz-meta-account': 'someone-else' }],
        ['extra field', { ...fields, 'content-type': 'text/html' }],
      ];
      for (const [what, changed] of tampered) {
        const response = await postUpload(t, issued.url, changed, file());
        expect(response.statusCode, what).toBe(403);
        expect(response.json().code, what).toBe(refused.code);
      }
      expect(existsSync(path.join(blobs, fields.key!))).toBe(false);
      // The form itself was never spoilt.
      expect((await postUpload(t, issued.url, fields, file())).statusCode).toBe(204);
      expect((await postUpload(t, issued.url, fields, file())).statusCode).toBe(409);
    });

    it('refuses a form without its policy or signature', async () => {
      const { fields, url: target } = await form();
      const { policy: _policy, ...noPolicy } = fields;
      const { signature: _signature, ...noSignature } = fields;
      expect((await postUpload(t, target, noPolicy, file())).statusCode).toBe(400);
      expect((await postUpload(t, target, noSignature, file())).statusCode).toBe(400);
      expect(existsSync(path.join(blobs, fields.key!))).toBe(false);
    });

    it('checks fields sent after the file all the same: a changed one is refused', async () => {
      /** The file first, then the fields (S3 ignores those; ours may see them in one chunk). */
      const fileFirst = (fields: Record<string, string>) => {
        const boundary = 'abc123';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
        const tail = Object.entries(fields)
          .map(
            ([name, value]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('');
        return t.app.inject({
          method: 'POST',
          url: '/uploads',
          headers: {
            origin: t.config.publicUrl,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload: Buffer.concat([
            Buffer.from(head),
            Buffer.from(png()),
            Buffer.from(`\r\n${tail}--${boundary}--\r\n`),
          ]),
        });
      };
      const { fields } = await form();
      const other = fields.key!.replace(/[^/]+$/, 'mine');
      const changed = await fileFirst({ ...fields, key: other });
      expect([400, 403]).toContain(changed.statusCode);
      expect(existsSync(path.join(blobs, other))).toBe(false);
      const unchanged = await fileFirst(fields);
      expect([204, 400]).toContain(unchanged.statusCode);
      const stored = Object.keys(fileTree(path.join(blobs, 'uploads')));
      expect(stored.every((file) => !file.endsWith('/mine'))).toBe(true);
    });

    it('refuses a form after its 10 minutes', async () => {
      const issued = await form();
      t.clock.advance(10 * 60 * 1000 + 1000);
      const response = await postUpload(t, issued.url, issued.fields, file());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'This upload form has expired. Please choose your file again.',
        code: 'UPLOAD_EXPIRED',
      });
      expect(existsSync(path.join(blobs, issued.fields.key!))).toBe(false);
    });
  });

  it('wrote nothing outside DATA_DIR/blobs, and only at keys the server made', () => {
    const tree = Object.keys(fileTree(t.dataDir));
    const outsideBlobs = tree.filter(
      (file) => !file.startsWith(`blobs${path.sep}`) && !/^admissions\.sqlite/.test(file),
    );
    expect(outsideBlobs).toEqual([]);
    const made =
      /^blobs\/(uploads\/[0-9a-f-]{36}\/transcript_file\/[A-Za-z0-9_-]{43}|documents\/[0-9a-f-]{36}\/transcript_file\/[0-9a-f-]{36}\.pdf)$/;
    expect(tree.filter((file) => file.startsWith('blobs') && !made.test(file))).toEqual([]);
    for (const key of triedKeys) {
      expect(existsSync(path.resolve(blobs, key)), key).toBe(false);
    }
  });
});
