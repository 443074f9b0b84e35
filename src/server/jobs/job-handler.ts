/** What a handler is given with each job. */
interface JobContext {
  jobId: string;
  /** This attempt's number, from 1. */
  attempt: number;
  /**
   * Aborted when the job runs past its handler's timeout, its lease was lost, or it is taken out
   * of a light slot: stop, and write nothing.
   */
  signal: AbortSignal;
  /** The job holds a runner's light slot: its work may come before heavy jobs' for the CPU. */
  light: boolean;
}

export interface JobFailure {
  message: string;
  /** True when the handler said retrying cannot help (PermanentJobError). */
  permanent: boolean;
}

/** What runs one kind of job. */
export interface JobHandler<P = unknown> {
  timeoutMs: number;
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once when the job has failed for good (after its last attempt, or permanently). */
  failed?(payload: P, failure: JobFailure): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (a corrupt file): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * How a job's run ended: `demoted` when a light job outran its time in a light slot and went
 * back to the queue as a heavy one (JobRunnerOptions.expressBudgetMs).
 */
export type JobOutcome = 'done' | 'retried' | 'failed' | 'lost' | 'demoted';
