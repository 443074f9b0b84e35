import type { FastifyInstance } from 'fastify';
import { errorSummary } from '../../engine/error-summary';
import type { FieldErrors } from '../../engine/validation';
import { serviceView } from '../application/service-view';
import { AppError } from '../errors';
import type { Services } from '../services';
import { applicationSummary } from './applications-query';
import { staffOf } from './staff-scope';
import { applicationParams, type ApplicationParams } from '../../contract/staff-applications';
import { missingAnswersReply, type MissingAnswers } from '../../contract/staff-missing-answers';

/**
 * GET /applications/:accountId/missing: what the applicant must still put right before their
 * submission is taken, by page and by the page's summary groups: the same validation and the
 * same error summary the applicant sees (SPEC §5), computed from their answers now. A read of
 * the application, so it is audited as one.
 */
export async function missingAnswersRoutes(app: FastifyInstance, services: Services) {
  const { db, forms, clock, audit, application } = services;
  app.get<{ Params: ApplicationParams }>(
    '/applications/:accountId/missing',
    {
      config: { staffAccess: 'reader' },
      schema: { params: applicationParams, response: missingAnswersReply },
      exposeHeadRoute: false,
    },
    async (request, reply): Promise<MissingAnswers> => {
      const { accountId } = request.params;
      const summary = await applicationSummary(db, accountId);
      if (!summary) throw new AppError('APPLICATION_NOT_FOUND');
      await audit.record({
        actor: `staff:${staffOf(request).email}`,
        action: 'application.read',
        subject: summary.email,
        detail: { accountId, part: 'missing answers' },
        ip: request.ip,
      });
      const view = await serviceView(application, services.documents.documents, accountId);
      const byPage = forms.validateAll(
        { answers: view.answer, addAnother: view.add_another, tabs: view.tabs },
        clock.now(),
      );
      const errors: FieldErrors = Object.assign({}, ...Object.values(byPage));
      reply.header('Cache-Control', 'no-store');
      return {
        pages: errorSummary(forms.pages, errors).pages.map((page) => ({
          page: page.page,
          title: page.title,
          groups: page.groups.map((group) => ({
            title: group.title,
            messages: [...new Set(group.links.flatMap((link) => link.messages))],
          })),
        })),
      };
    },
  );
}
