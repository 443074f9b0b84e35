import type { ClaimedJob } from './job-claim';
import {
  PermanentJobError,
  type JobFailure,
  type JobHandler,
  type JobLogger,
  type JobOutcome,
} from './job-handler';
import type { JobQueue } from './job-queue';

/** What running a job needs from its runner (JobRunner's settings). */
export interface ExecutionSettings {
  queue: JobQueue;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own payload
  handlers: Record<string, JobHandler<any>>;
  leaseMs: number;
  backoffMs: number;
  maxBackoffMs: number;
  logger: JobLogger;
}

/** How often a light job past its budget looks for another light job waiting for its slot. */
const LIGHT_CHECK_MS = 1000;

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/**
 * Runs one claimed job to its outcome. A job that throws is retried with exponential backoff
 * until its attempts run out, then marked failed with its message; one that runs past its
 * handler's timeout is aborted and counts as a failed attempt. With `lightBudgetMs` (the job
 * holds a light slot), a job still running when it runs out, while another light job waits for
 * the slot, is aborted and queued again as a heavy job, its attempt not counted: a file judged
 * light that is not cannot keep the light slot from the small files it is kept for, and one
 * that is merely slow on a busy host is not stopped for nothing. `controller` aborts the job
 * (the runner's stop()).
 */
export async function executeJob(
  settings: ExecutionSettings,
  job: ClaimedJob,
  controller: AbortController,
  lightBudgetMs?: number,
): Promise<JobOutcome> {
  const { queue, logger } = settings;
  const handler = settings.handlers[job.kind];
  const log = { jobId: job.id, kind: job.kind, attempt: job.attempts };
  if (!handler) {
    await queue.fail(job, `No handler runs jobs of kind "${job.kind}".`);
    logger.error(log, 'job of unknown kind failed');
    return 'failed';
  }
  if (job.attempts > job.maxAttempts) {
    // Its last attempt's runner died: the lease ran out with no outcome recorded.
    return giveUp(settings, job, handler, {
      message: 'The job stopped without finishing too many times.',
      permanent: false,
    });
  }
  const heartbeat = setInterval(() => void renew(settings, job, controller), settings.leaseMs / 3);
  let timer: NodeJS.Timeout | undefined;
  let lightTimer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      // Rejected before aborting, so a handler that gives up on abort still counts as timed out.
      reject(new Error(`The job took longer than ${duration(handler.timeoutMs)}.`));
      controller.abort();
    }, handler.timeoutMs);
  });
  let ended = false;
  // Past its budget, the job gives the light slot up only to another light job that waits for it.
  const overrun = new Promise<'overrun'>((resolve) => {
    if (lightBudgetMs === undefined) return;
    const check = async () => {
      try {
        if (await queue.lightJobWaiting()) return resolve('overrun');
      } catch (err) {
        logger.warn({ jobId: job.id, err }, 'looking for waiting light jobs failed');
      }
      if (!ended) lightTimer = setTimeout(() => void check(), LIGHT_CHECK_MS);
    };
    lightTimer = setTimeout(() => void check(), lightBudgetMs);
  });
  try {
    const context = {
      jobId: job.id,
      attempt: job.attempts,
      signal: controller.signal,
      light: lightBudgetMs !== undefined,
    };
    const ran = handler.run(job.payload, context).then(() => 'ran' as const);
    if ((await Promise.race([ran, timeout, overrun])) === 'overrun') {
      controller.abort();
      const demoted = await queue.demote(job);
      logger.warn(log, demoted ? 'light job outran the light slot; queued as heavy' : 'job lost');
      return demoted ? 'demoted' : 'lost';
    }
    const completed = await queue.complete(job);
    logger.info(log, completed ? 'job done' : 'job done after its lease was lost');
    return completed ? 'done' : 'lost';
  } catch (error) {
    const failure: JobFailure = {
      message: error instanceof Error ? error.message : String(error),
      permanent: error instanceof PermanentJobError,
    };
    if (!failure.permanent && job.attempts < job.maxAttempts) {
      const delay = Math.min(settings.maxBackoffMs, settings.backoffMs * 2 ** (job.attempts - 1));
      const retried = await queue.retry(job, failure.message, delay);
      logger.warn({ ...log, err: error, retryInMs: delay }, 'job failed; will retry');
      return retried ? 'retried' : 'lost';
    }
    return giveUp(settings, job, handler, failure);
  } finally {
    ended = true;
    clearTimeout(timer);
    clearTimeout(lightTimer);
    clearInterval(heartbeat);
  }
}

/** Extends a running job's lease; when the lease was lost, the job is aborted (it writes nothing). */
async function renew(
  { queue, leaseMs, logger }: ExecutionSettings,
  job: ClaimedJob,
  controller: AbortController,
): Promise<void> {
  if (controller.signal.aborted) return;
  try {
    if (!(await queue.extend(job, leaseMs))) {
      logger.warn({ jobId: job.id, kind: job.kind }, 'job lease lost; aborting it');
      controller.abort();
    }
  } catch (err) {
    // The lease holds until it runs out; the next beat tries again.
    logger.warn({ jobId: job.id, err }, 'renewing a job lease failed');
  }
}

/**
 * Records the failure with the handler first, then marks the job failed: a runner that dies in
 * between leaves the job to be claimed again and given up again, so what the applicant sees
 * (a document FAILED, not converting forever) is always written. Only the claim's holder does it.
 */
async function giveUp(
  { queue, leaseMs, logger }: ExecutionSettings,
  job: ClaimedJob,
  handler: JobHandler,
  failure: JobFailure,
): Promise<JobOutcome> {
  if (!(await queue.extend(job, leaseMs))) return 'lost';
  try {
    await handler.failed?.(job.payload, failure);
  } catch (err) {
    logger.error({ jobId: job.id, err }, 'recording a failed job failed');
  }
  if (!(await queue.fail(job, failure.message))) return 'lost';
  logger.warn({ jobId: job.id, kind: job.kind, error: failure.message }, 'job failed');
  return 'failed';
}
