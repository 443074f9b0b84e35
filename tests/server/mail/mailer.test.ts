import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from '../../../src/server/mail/mailer';
import { confirmationCodeMail } from '../../../src/server/mail/templates';

const sender = {
  universityName: 'Northfield State University',
  applicationTitle: 'Undergraduate Application for Admission',
  helpEmail: 'help@example.edu',
};

function recordingLogger(lines: unknown[]): FastifyBaseLogger {
  return { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
}

describe('the outbox mailer', () => {
  it('writes each message as an .eml file naming the university, with text and HTML bodies', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-mail-'));
    const lines: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: '',
      dataDir,
      from: '"Admissions" <help@example.edu>',
      logger: recordingLogger(lines),
      logSecrets: false,
    });
    await mailer.send(confirmationCodeMail('ada@example.org', '042917', sender));
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ada@example\.org$/m);
    expect(eml).toMatch(/^Subject: Your Northfield State University confirmation code$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Your confirmation code is 042917');
    // Outside development the log names no one: the file is how to find the message.
    expect(JSON.stringify(lines)).toContain(files[0]);
    expect(JSON.stringify(lines)).not.toContain('ada@example.org');
    expect(JSON.stringify(lines)).not.toContain('042917');
  });

  it('shows the recipient and the code in the log line in development only', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admissions-mail-'));
    const lines: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: '',
      dataDir,
      from: 'help@example.edu',
      logger: recordingLogger(lines),
      logSecrets: true,
    });
    await mailer.send(confirmationCodeMail('ada@example.org', '042917', sender));
    expect(JSON.stringify(lines)).toContain('code 042917');
    expect(JSON.stringify(lines)).toContain('ada@example.org');
  });
});
