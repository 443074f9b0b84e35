/** POST /public/client-errors: a browser's report of an error the page could not handle. */
import {
  buildIdPattern,
  clientErrorKinds,
  clientErrorLimits,
  clientErrorRoutePattern,
} from '../engine/client-error-report';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

export const clientErrorBody = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'message', 'route', 'buildId'],
  properties: {
    kind: { type: 'string', enum: clientErrorKinds },
    message: text(clientErrorLimits.message),
    stack: { type: 'string', maxLength: clientErrorLimits.stack },
    route: { ...text(clientErrorLimits.route), pattern: clientErrorRoutePattern },
    buildId: { ...text(clientErrorLimits.buildId), pattern: buildIdPattern },
  },
} as const;
