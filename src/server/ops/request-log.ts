import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it ends: its id, method, path, status and time, as an
 * access log has them. Fastify's default wrote two (one as a request came in, one as it ended),
 * which under load was a tenth of a save's cost for a line that said nothing the second did not
 * (issue 19). The line as a request comes in is still there at LOG_LEVEL=debug, for following a
 * request that never ends; a request that fails is logged at error level with its error, as
 * before.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
