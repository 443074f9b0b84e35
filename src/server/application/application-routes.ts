import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import { errors } from '../errors';
import { messages } from '../messages';
import type { ApplicationService, WebStatus } from './application-service';
import type { FormsRuntime } from './forms-runtime';
import { accountOf } from '../identity/authenticate';
import { pageKeys } from '../../engine/page-fields';

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
export const ANSWERS_BODY_LIMIT = 256 * 1024;
export const VALIDATIONS_BODY_LIMIT = 64 * 1024;

/**
 * Answers are a flat map of strings (SPEC §3); keys are snake_case names of the data model.
 * Values hold no NUL character, which nobody types and PostgreSQL cannot store in text.
 */
export const answersBody = {
  type: 'object',
  maxProperties: 500,
  propertyNames: { pattern: '^[a-z][a-z0-9_]{0,79}$' },
  additionalProperties: { type: 'string', maxLength: 10000, pattern: '^[^\\u0000]*$' },
} as const;

const message = {
  200: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
} as const;

/** Refuses keys outside the data model, naming them, so no stray data is stored. */
export function assertKnownKeys(forms: FormsRuntime, answers: Record<string, string>): void {
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
export function validationsByPage(
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
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !forms.fileKeys.has(key)));
}

/** Saving, progress and submission for a signed-in applicant (mounted inside /api). */
export async function applicationRoutes(app: FastifyInstance, options: ApplicationRoutesOptions) {
  const { application, forms, clock, onSubmitted } = options;

  app.put<{ Body: Record<string, string> }>(
    '/answer',
    { bodyLimit: ANSWERS_BODY_LIMIT, schema: { body: answersBody, response: message } },
    async (request) => {
      assertKnownKeys(forms, request.body);
      await application.saveAnswers(accountOf(request).accountId, writable(forms, request.body));
      return { message: messages.answersSaved };
    },
  );

  app.put<{ Body: { last_page: string } }>(
    '/last-page',
    {
      schema: {
        body: {
          type: 'object',
          properties: { last_page: { type: 'string', maxLength: 100 } },
          required: ['last_page'],
        },
        response: message,
      },
    },
    async (request) => {
      const page = request.body.last_page;
      if (!forms.pageRoutes.includes(page)) {
        throw errors.LAST_PAGE_UNKNOWN(forms.pageRoutes.join(', '));
      }
      await application.setLastPage(accountOf(request).accountId, page);
      return { message: messages.saved };
    },
  );

  app.post<{ Body: { web_status: WebStatus } }>(
    '/web-status',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            web_status: { type: 'string', enum: ['started', 'validating', 'submitted'] },
          },
          required: ['web_status'],
        },
        response: message,
      },
    },
    async (request) => {
      await application.advanceStatus(accountOf(request).accountId, request.body.web_status);
      return { message: messages.saved };
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/validations',
    {
      bodyLimit: VALIDATIONS_BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          maxProperties: 500,
          propertyNames: { maxLength: 80 },
          additionalProperties: {
            type: 'array',
            maxItems: 20,
            items: { type: 'string', maxLength: 500 },
          },
        },
        response: message,
      },
    },
    async (request) => {
      await application.recordValidations(
        accountOf(request).accountId,
        validationsByPage(forms, request.body as Record<string, string[]>),
      );
      return { message: messages.saved };
    },
  );

  app.post('/submit', { schema: { response: message } }, async (request) => {
    const { accountId } = accountOf(request);
    await application.submit(accountId, forms.version, (state) =>
      forms.validateAll(state, clock.now()),
    );
    // The submission stands even if this fails: GET /api/pdf asks for the frozen copy again.
    await onSubmitted?.(accountId).catch((err: unknown) =>
      request.log.error({ err }, 'asking for the submitted PDF failed'),
    );
    return { message: messages.submitted };
  });

  app.post<{ Body: { token: string } }>(
    '/visitor-answers/claim',
    {
      bodyLimit: 4096,
      schema: {
        body: {
          type: 'object',
          properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
          required: ['token'],
        },
        response: {
          200: { type: 'object', properties: { answer: answersBody }, required: ['answer'] },
        },
      },
    },
    async (request) => ({
      answer: await application.claimVisitorAnswers(
        accountOf(request).accountId,
        request.body.token,
      ),
    }),
  );
}

/** A visitor's answers kept under a token until they have an account (mounted inside /public). */
export async function visitorAnswerRoutes(app: FastifyInstance, options: ApplicationRoutesOptions) {
  const { application, forms, visitorAnswersPerIp } = options;

  app.post<{ Body: { answer: Record<string, string> } }>(
    '/tmp',
    {
      bodyLimit: ANSWERS_BODY_LIMIT,
      schema: {
        body: { type: 'object', properties: { answer: answersBody }, required: ['answer'] },
        response: {
          200: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] },
        },
      },
    },
    async (request) => {
      assertKnownKeys(forms, request.body.answer);
      const answers = writable(forms, request.body.answer);
      return {
        token: await application.keepVisitorAnswers(answers, request.ip, visitorAnswersPerIp),
      };
    },
  );

  app.get<{ Querystring: { token: string } }>(
    '/tmp',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
          required: ['token'],
        },
        response: {
          200: { type: 'object', properties: { answer: answersBody }, required: ['answer'] },
        },
      },
    },
    async (request) => ({ answer: await application.visitorAnswers(request.query.token) }),
  );
}
