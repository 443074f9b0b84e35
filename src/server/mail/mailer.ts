import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from './templates';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes kept-open connections (the SMTP pool), once nothing more is sent. */
  release?(): void;
}

export interface MailerOptions {
  smtpUrl: string;
  dataDir: string;
  from: string;
  logger: FastifyBaseLogger;
  /**
   * Development only: the log line also shows the recipient and the code or link, so a newcomer
   * can follow it. Elsewhere the log holds no personal data: subject and outbox file only.
   */
  logSecrets: boolean;
}

/**
 * With no SMTP_URL every message is written as an .eml file into DATA_DIR/outbox and one log line
 * names subject and file (and, in development, the recipient); with SMTP_URL, nodemailer sends it
 * for real.
 */
export function createMailer(options: MailerOptions): Mailer {
  const outbox = outboxOf(options.dataDir);
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // A few kept-open connections, and no send that waits on a silent server for minutes.
        pool: true,
        maxConnections: 5,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    release: () => transport.close(),
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        // An address object: nodemailer then takes it as one address, never parses it as a list.
        to: { name: '', address: message.to },
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      let file: string | undefined;
      if (!options.smtpUrl) {
        await mkdir(outbox, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
        await writeFile(file, (info as { message: Buffer }).message);
      }
      options.logger.info(
        {
          mail: {
            ...(options.logSecrets ? { to: message.to } : {}),
            subject: message.subject,
            file,
          },
          ...(options.logSecrets && message.secretForLog ? { devOnly: message.secretForLog } : {}),
        },
        file ? 'mail written to outbox' : 'mail sent',
      );
    },
  };
}

/** The folder mail is written to when there is no SMTP_URL. */
export const outboxOf = (dataDir: string) => path.join(dataDir, 'outbox');

/** Characters that may stand beside an address without ending it (RFC 5322 atext, dot, hyphen). */
const ADDRESS_CHAR = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]";

/**
 * Removes every outbox message that names `address` anywhere (headers or text), for an erasure
 * (issue 41): the 7-day purge would leave the address and its codes there for days. A longer
 * address that merely ends with this one (joann@ for ann@) is not matched. Answers how many went.
 */
export async function removeOutboxMail(outbox: string, address: string): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const escaped = address.toLowerCase().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const named = new RegExp(`(?<!${ADDRESS_CHAR})${escaped}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`);
  let removed = 0;
  for (const name of names) {
    const file = path.join(outbox, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    if (named.test(text.toLowerCase())) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** A mailer whose sends return at once. */
export interface BackgroundMailer extends Mailer {
  /** Resolves when every send under way has ended. */
  idle(): Promise<void>;
  /**
   * Stops waiting between retries (a send waiting for its retry is tried once more at once, and
   * one that fails from now on is given up) and waits at most `timeoutMs` for the sends under
   * way; any still unsent then are logged by count.
   */
  close(timeoutMs: number): Promise<void>;
}

export interface BackgroundOptions {
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** Waits before each retry of a failed send (default 1 s, then 10 s). */
  retryDelaysMs?: readonly number[];
}

/**
 * Sends mail off the request path: the account routes answer in the same time whether or not
 * they send anything (a real SMTP round trip would otherwise tell who has an account), and a slow
 * mail server slows no request. A failed send is tried again, then logged with its subject and
 * error code only (an SMTP error's text may hold the address).
 */
export function sendInBackground(mailer: Mailer, options: BackgroundOptions): BackgroundMailer {
  const delays = options.retryDelaysMs ?? [1_000, 10_000];
  const pending = new Set<Promise<void>>();
  const closing = new AbortController();

  const giveUp = (message: MailMessage, error: unknown) => {
    const code = (error as { code?: unknown }).code;
    options.logger.error(
      { mail: { subject: message.subject }, code: typeof code === 'string' ? code : undefined },
      'mail could not be sent',
    );
  };

  const attempt = async (message: MailMessage): Promise<void> => {
    for (let tried = 0; ; tried++) {
      try {
        return await mailer.send(message);
      } catch (error) {
        const delay = delays[tried];
        if (delay === undefined || closing.signal.aborted) return giveUp(message, error);
        await wait(delay, closing.signal);
      }
    }
  };

  const idle = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };

  return {
    send(message) {
      const task = attempt(message);
      pending.add(task);
      void task.finally(() => pending.delete(task));
      return Promise.resolve();
    },
    idle,
    async close(timeoutMs) {
      closing.abort();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([idle(), timedOut]);
      clearTimeout(timer);
      if (pending.size > 0) {
        options.logger.error({ unsent: pending.size }, 'mail still unsent at shutdown');
      }
      mailer.release?.();
    },
  };
}

/** Resolves after `ms`, or at once when the signal aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
