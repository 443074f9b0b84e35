/**
 * Applicants for the staff tests, made through the applicant's own routes (so the summary rows
 * the triggers keep are tested on the real write paths), submitted through ApplicationService
 * with the form's check waived (the real forms need a whole application).
 */
import { ApplicationService } from '../../../src/server/application/application-service';
import { SecretHasher } from '../../../src/server/identity/secrets';
import { signedIn, type TestApp } from '../helpers/test-app';

export interface SeededApplicant {
  accountId: string;
  email: string;
  cookies: Record<string, string>;
}

export async function applicant(
  t: TestApp,
  email: string,
  steps: {
    answers?: Record<string, string>;
    status?: 'started' | 'validating';
    lastPage?: string;
    validations?: Record<string, string[]>;
    submit?: boolean;
  } = {},
): Promise<SeededApplicant> {
  const cookies = await signedIn(t, email);
  const account = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', email)
    .executeTakeFirstOrThrow();
  const ok = async (method: 'PUT' | 'POST', url: string, body: unknown) => {
    const response = await t.call(method, url, body, cookies);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  };
  t.clock.advance(60_000);
  if (steps.answers) await ok('PUT', '/api/answer', steps.answers);
  if (steps.status) await ok('POST', '/api/web-status', { web_status: steps.status });
  if (steps.lastPage) await ok('PUT', '/api/last-page', { last_page: steps.lastPage });
  if (steps.validations) await ok('POST', '/api/validations', steps.validations);
  if (steps.submit) {
    const service = new ApplicationService(t.db, new SecretHasher(t.config.sessionSecret), t.clock);
    await service.submissions.submit(account.id, 'forms-v1', () => ({}));
  }
  return { accountId: account.id, email, cookies };
}
