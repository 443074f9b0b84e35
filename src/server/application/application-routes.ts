import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { errors } from '../errors';
import { textFor } from '../i18n/request-locale';
import type { ApplicationService } from './application-service';
import { knownAnswers, type FormsRuntime } from './forms-runtime';
import { assertNoHiddenCharacters, withHiddenCharacterErrors } from './hidden-character-answers';
import { accountOf, sessionHashOf } from '../identity/authenticate';
import { pageKeys } from '../../engine/page-fields';
import {
  answersBody,
  answersReply,
  lastPageBody,
  validationsBody,
  visitorAnswers,
  visitorTokenBody,
  visitorTokenReply,
  webStatusBody,
  type LastPageBody,
  type ValidationsBody,
  type VisitorAnswers,
  type VisitorTokenBody,
  type WebStatusBody,
} from '../../contract/application';
import { messageReply as message } from '../../contract/wire';
import { localeCookie, requestLocale } from '../../contract/locale';

export interface ApplicationRoutesOptions {
  application: ApplicationService;
  forms: FormsRuntime;
  clock: Clock;
  /** Called once an application is submitted (the PDF copy is frozen then). */
  onSubmitted?: (accountId: string) => Promise<void>;
  /** Unexpired visitor-answer tokens one IP may hold (VISITOR_ANSWERS_PER_IP). */
  visitorAnswersPerIp?: number;
}

/**
 * Body sizes sized to need (issue 14): a whole application's answers are some tens of kilobytes
 * (the data model's longest answer is 1,500 characters); a validations report is field names and
 * the catalogue's messages.
 */
const ANSWERS_BODY_LIMIT = 256 * 1024;
const VALIDATIONS_BODY_LIMIT = 64 * 1024;

/** Refuses keys outside the data model, naming them, so no stray data is stored. */
function assertKnownKeys(forms: FormsRuntime, answers: Record<string, string>): void {
  const unknown = Object.keys(answers).filter((k) => !forms.knownKeys.has(k));
  if (unknown.length > 0) {
    throw errors.ANSWER_KEYS_UNKNOWN(unknown.slice(0, 10).join(', '));
  }
}

/** answer key → id of the page that asks it; keys of the data model on no page map to ''. */
const pageOfKey = new WeakMap<FormsRuntime, Map<string, string>>();
function pageOf(forms: FormsRuntime): Map<string, string> {
  let map = pageOfKey.get(forms);
  if (!map) {
    map = new Map([...forms.knownKeys].map((key) => [key, '']));
    for (const page of forms.pages) for (const key of pageKeys(page)) map.set(key, page.id);
    pageOfKey.set(forms, map);
  }
  return map;
}

/** A validations map split by page; a key outside the data model is refused, naming it. */
function validationsByPage(
  forms: FormsRuntime,
  fieldErrors: Record<string, string[]>,
): Record<string, Record<string, string[]>> {
  const pages = pageOf(forms);
  const unknown = Object.keys(fieldErrors).filter((key) => !pages.has(key));
  if (unknown.length > 0) {
    throw errors.FIELD_KEYS_UNKNOWN(unknown.slice(0, 10).join(', '));
  }
  const byPage: Record<string, Record<string, string[]>> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    (byPage[pages.get(key)!] ??= {})[key] = messages;
  }
  return byPage;
}

/**
 * The answers an applicant may write: document questions are the server's to set (ANSWERED once
 * a file is converted), so a value sent for one is left out.
 */
function writable(forms: FormsRuntime, answers: Record<string, string>): Record<string, string> {
  // The usual save names no document question: its answers go as they came, without a copy.
  if (!Object.keys(answers).some((key) => forms.fileKeys.has(key))) return answers;
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !forms.fileKeys.has(key)));
}

/** Saving, progress and submission for a signed-in applicant (mounted inside /api). */
export async function applicationRoutes(app: FastifyInstance, options: ApplicationRoutesOptions) {
  const { application, forms, clock, onSubmitted } = options;

  app.put<{ Body: Record<string, string> }>(
    '/answer',
    {
      bodyLimit: ANSWERS_BODY_LIMIT,
      schema: { body: answersBody, response: message },
      // The busiest write checks its session in its own statement (AnswerStore.save), so a session
      // found live moments ago needs no lookup first (issue 19).
      config: { sessionCheckedByWrite: true },
    },
    async (request) => {
      assertKnownKeys(forms, request.body);
      assertNoHiddenCharacters(forms, request.body);
      await application.answers.save(
        accountOf(request).accountId,
        writable(forms, request.body),
        forms.version,
        sessionHashOf(request),
      );
      return { message: textFor(request, 'messages.answersSaved') };
    },
  );

  app.put<{ Body: LastPageBody }>(
    '/last-page',
    { schema: { body: lastPageBody, response: message } },
    async (request) => {
      const page = request.body.last_page;
      if (!forms.pageRoutes.includes(page)) {
        throw errors.LAST_PAGE_UNKNOWN(forms.pageRoutes.join(', '));
      }
      await application.progress.setLastPage(accountOf(request).accountId, page);
      return { message: textFor(request, 'messages.saved') };
    },
  );

  app.post<{ Body: WebStatusBody }>(
    '/web-status',
    { schema: { body: webStatusBody, response: message } },
    async (request) => {
      await application.progress.advanceStatus(
        accountOf(request).accountId,
        request.body.web_status,
      );
      return { message: textFor(request, 'messages.saved') };
    },
  );

  app.post<{ Body: ValidationsBody }>(
    '/validations',
    {
      bodyLimit: VALIDATIONS_BODY_LIMIT,
      schema: { body: validationsBody, response: message },
    },
    async (request) => {
      await application.progress.recordValidations(
        accountOf(request).accountId,
        validationsByPage(forms, request.body),
      );
      return { message: textFor(request, 'messages.saved') };
    },
  );

  app.post('/submit', { schema: { response: message } }, async (request) => {
    const { accountId } = accountOf(request);
    // A refused submit's messages are in the applicant's language (issue 40).
    const locale = requestLocale(request.cookies[localeCookie], request.headers['accept-language']);
    await application.submissions.submit(accountId, forms.version, (state) =>
      withHiddenCharacterErrors(
        forms,
        state.answers,
        forms.validateAll(state, clock.now(), locale),
      ),
    );
    // The submission stands even if this fails: GET /api/pdf asks for the frozen copy again.
    await onSubmitted?.(accountId).catch((err: unknown) =>
      request.log.error({ err }, 'asking for the submitted PDF failed'),
    );
    return { message: textFor(request, 'messages.submitted') };
  });

  app.post<{ Body: VisitorTokenBody }>(
    '/visitor-answers/claim',
    { bodyLimit: 4096, schema: { body: visitorTokenBody, response: answersReply } },
    async (request) => ({
      answer: knownAnswers(
        forms,
        await application.visitors.claim(
          accountOf(request).accountId,
          request.body.token,
          forms.version,
        ),
      ),
    }),
  );
}

/** A visitor's answers kept under a token until they have an account (mounted inside /public). */
export async function visitorAnswerRoutes(app: FastifyInstance, options: ApplicationRoutesOptions) {
  const { application, forms, visitorAnswersPerIp } = options;

  app.post<{ Body: VisitorAnswers }>(
    '/tmp',
    {
      bodyLimit: ANSWERS_BODY_LIMIT,
      schema: { body: visitorAnswers, response: visitorTokenReply },
    },
    async (request) => {
      assertKnownKeys(forms, request.body.answer);
      assertNoHiddenCharacters(forms, request.body.answer);
      const answers = writable(forms, request.body.answer);
      return {
        token: await application.visitors.keep(answers, request.ip, visitorAnswersPerIp),
      };
    },
  );

  app.get<{ Querystring: VisitorTokenBody }>(
    '/tmp',
    { schema: { querystring: visitorTokenBody, response: answersReply } },
    async (request) => ({
      answer: knownAnswers(forms, await application.visitors.read(request.query.token)),
    }),
  );
}
