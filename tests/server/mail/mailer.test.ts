import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, sendInBackground, type Mailer } from '../../../src/server/mail/mailer';
import { confirmationCodeMail } from '../../../src/server/mail/templates';
import { scratchDir } from '../../helpers/scratch-dir';

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
    const dataDir = scratchDir('admissions-mail');
    const lines: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: '',
      dataDir,
      from: '"Admissions" <help@example.edu>',
      logger: recordingLogger(lines),
      logSecrets: false,
    });
    await mailer.send(confirmationCodeMail('ada@example.org', '042917', sender, 'en'));
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
    const dataDir = scratchDir('admissions-mail');
    const lines: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: '',
      dataDir,
      from: 'help@example.edu',
      logger: recordingLogger(lines),
      logSecrets: true,
    });
    await mailer.send(confirmationCodeMail('ada@example.org', '042917', sender, 'en'));
    expect(JSON.stringify(lines)).toContain('code 042917');
    expect(JSON.stringify(lines)).toContain('ada@example.org');
  });
});

describe('sending in the background', () => {
  const message = confirmationCodeMail('ada@example.org', '042917', sender, 'en');

  it('returns before the mail server answers, and idle() waits for it', async () => {
    let answer: () => void = () => {};
    const sent: string[] = [];
    const slow: Mailer = {
      send: (m) =>
        new Promise<void>((resolve) => {
          answer = () => {
            sent.push(m.to);
            resolve();
          };
        }),
    };
    const mailer = sendInBackground(slow, { logger: { error: () => {} } });
    await mailer.send(message);
    expect(sent).toEqual([]);
    let idle = false;
    const waiting = mailer.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    answer();
    await waiting;
    expect(sent).toEqual(['ada@example.org']);
  });

  it('tries a failed send again, then logs subject and error code, never the address or code', async () => {
    let calls = 0;
    const failing: Mailer = {
      send: async () => {
        calls += 1;
        throw Object.assign(new Error('550 <ada@example.org> mailbox unavailable'), {
          code: 'EENVELOPE',
        });
      },
    };
    const errors: unknown[] = [];
    const mailer = sendInBackground(failing, {
      logger: { error: (...args: unknown[]) => errors.push(args) },
      retryDelaysMs: [1, 1],
    });
    await mailer.send(message);
    await mailer.idle();
    expect(calls).toBe(3);
    expect(errors).toHaveLength(1);
    const logged = JSON.stringify(errors);
    expect(logged).toContain('EENVELOPE');
    expect(logged).toContain(message.subject);
    expect(logged).not.toContain('ada@example.org');
    expect(logged).not.toContain('042917');
  });

  it('a mail that succeeds on a retry is sent once and logs nothing', async () => {
    let calls = 0;
    const flaky: Mailer = {
      send: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection reset');
      },
    };
    const errors: unknown[] = [];
    const mailer = sendInBackground(flaky, {
      logger: { error: (...args: unknown[]) => errors.push(args) },
      retryDelaysMs: [1],
    });
    await mailer.send(message);
    await mailer.idle();
    expect(calls).toBe(2);
    expect(errors).toEqual([]);
  });

  it('close() tries a waiting retry at once, then gives up, and waits no longer than its time', async () => {
    let calls = 0;
    let released = false;
    const failing: Mailer = {
      send: async () => {
        calls += 1;
        throw new Error('down');
      },
      release: () => (released = true),
    };
    const errors: unknown[] = [];
    const logger = { error: (...args: unknown[]) => errors.push(args) };
    const retrying = sendInBackground(failing, { logger, retryDelaysMs: [60_000] });
    await retrying.send(message);
    await Promise.resolve();
    await retrying.close(5_000);
    // Had close() waited out the 60 s retry, the send would still be pending and logged unsent.
    expect(calls).toBe(2);
    expect(JSON.stringify(errors)).toContain('mail could not be sent');
    expect(JSON.stringify(errors)).not.toContain('unsent');
    // The SMTP pool's connections are closed once nothing more will be sent.
    expect(released).toBe(true);

    const hung = sendInBackground({ send: () => new Promise<void>(() => {}) }, { logger });
    await hung.send(message);
    await hung.close(20);
    expect(errors.at(-1)).toEqual([{ unsent: 1 }, 'mail still unsent at shutdown']);
  });
});
