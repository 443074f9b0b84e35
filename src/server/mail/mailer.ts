import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from './templates';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
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
