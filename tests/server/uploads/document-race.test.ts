/**
 * Issue 14 point 3 for documents, on SQLite and PostgreSQL: deleting a document and a conversion
 * completing are one step with submit, like answer saves. Either they land before the freeze and
 * are in the frozen copy, or they are refused with 409 (a delete) or discarded (a conversion), so
 * the frozen copy always equals what the applicant was told. Many rounds, with real concurrency.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ANSWERED } from '../../../src/engine/read-only-document';
import {
  createTestApp,
  databases,
  fixtureForms,
  signedIn,
  type TestApp,
} from '../helpers/test-app';
import { png } from '../helpers/fixtures';
import { uploadDocument } from '../helpers/uploads';

const ROUNDS = 10;
const KEY = 'transcript_file';
const roomy = {
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  RATE_LIMIT_PER_USERNAME_PER_HOUR: '100000',
  RATE_LIMIT_API_WRITES_PER_MINUTE: '100000',
};
/** The fixture forms with one optional file question, so a submit does not wait for it. */
const forms = {
  ...fixtureForms,
  knownKeys: new Set([...fixtureForms.knownKeys, KEY]),
  fileKeys: new Set([KEY]),
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each round converts a real image (about two seconds here), so the rounds take a while.
const TIMEOUT_MS = 30_000 + ROUNDS * 8_000;

describe.each(databases)('documents and submit take turns on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url, roomy, forms);
  });
  afterAll(async () => t?.close());

  /** The frozen answers, the live answers and the documents the final PDF would attach. */
  async function state(username: string) {
    const { id } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const frozen = await t.db
      .selectFrom('submissions')
      .select('answers')
      .where('account_id', '=', id)
      .executeTakeFirstOrThrow();
    const live = await t.db
      .selectFrom('answers')
      .select(['key', 'value'])
      .where('account_id', '=', id)
      .execute();
    const attached = (await t.documents.documents.completed(id)).map((d) => d.answerKey);
    return {
      frozen: JSON.parse(frozen.answers) as Record<string, string>,
      live: Object.fromEntries(live.map((r) => [r.key, r.value])),
      attached,
    };
  }

  it(
    `keeps a deleted document out of the frozen copy only when the delete was acknowledged (${ROUNDS} rounds)`,
    async () => {
      const outcomes = { deleted: 0, refused: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const username = `deleter${round}@example.org`;
        const cookies = await signedIn(t, username);
        await t.call('PUT', '/api/answer', { first_name: 'Ada' }, cookies);
        expect((await uploadDocument(t, cookies, png(), 'transcript.png', KEY)).statusCode).toBe(
          200,
        );
        await t.jobs.runUntilIdle();
        // The delete and the submit in flight together, meeting at a different point each round.
        const remove = t.call('DELETE', `/api/document-answer/${KEY}`, {}, cookies);
        await pause(round % 4);
        const [removed, submitted] = await Promise.all([
          remove,
          t.call('POST', '/api/submit', {}, cookies),
        ]);
        expect(submitted.statusCode).toBe(200);
        expect([200, 409]).toContain(removed.statusCode);
        const { frozen, live, attached } = await state(username);
        expect(frozen).toEqual(live);
        if (removed.statusCode === 200) {
          outcomes.deleted += 1;
          expect(frozen[KEY]).toBe('');
          expect(attached).toEqual([]);
        } else {
          outcomes.refused += 1;
          expect(frozen[KEY]).toBe(DOCUMENT_ANSWERED);
          expect(attached).toEqual([KEY]);
        }
      }
      console.log(
        `delete vs submit: ${outcomes.deleted} deleted before the freeze, ${outcomes.refused} refused with 409`,
      );
    },
    TIMEOUT_MS,
  );

  it(
    `attaches a conversion finishing beside a submit only when it landed before the freeze (${ROUNDS} rounds)`,
    async () => {
      const outcomes = { landed: 0, discarded: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const username = `converter${round}@example.org`;
        const cookies = await signedIn(t, username);
        await t.call('PUT', '/api/answer', { first_name: 'Ada' }, cookies);
        expect((await uploadDocument(t, cookies, png(), 'transcript.png', KEY)).statusCode).toBe(
          200,
        );
        // The submit leaves as the job stores the converted PDF, just before it records the
        // document, with a head start that differs by round: it meets the completion at
        // different points, on either side of it.
        let submit: Promise<LightMyRequestResponse> | undefined;
        const put = t.documents.blobs.put.bind(t.documents.blobs);
        t.documents.blobs.put = async (key, bytes, type) => {
          if (key.startsWith('documents/')) {
            submit = t.call('POST', '/api/submit', {}, cookies);
            await pause(round % 4);
          }
          return put(key, bytes, type);
        };
        try {
          await t.jobs.runUntilIdle();
        } finally {
          t.documents.blobs.put = put;
        }
        if (!submit) throw new Error('the conversion stored no PDF');
        const submitted = await submit;
        expect(submitted.statusCode).toBe(200);
        const { frozen, live, attached } = await state(username);
        // Nothing the conversion wrote after the freeze: the live answers are the frozen ones, and
        // the final PDF attaches the document exactly when the frozen copy says it is answered.
        expect(frozen).toEqual(live);
        if (frozen[KEY] === DOCUMENT_ANSWERED) {
          outcomes.landed += 1;
          expect(attached).toEqual([KEY]);
        } else {
          outcomes.discarded += 1;
          expect(frozen[KEY]).toBe('');
          expect(attached).toEqual([]);
        }
        // A submitted application takes no more documents: the applicant is told so.
        const late = await t.call('DELETE', `/api/document-answer/${KEY}`, {}, cookies);
        expect(late.statusCode).toBe(409);
      }
      console.log(
        `conversion vs submit: ${outcomes.landed} landed before the freeze, ${outcomes.discarded} discarded after it`,
      );
    },
    TIMEOUT_MS,
  );
});
