import { Writable } from 'node:stream';
import { afterAll, expect } from 'vitest';
import type { MailMessage } from '../../../src/server/mail/templates';

/** Every string a log line holds (keys and values), so numbers such as times are left out. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      stringsOf(item, into);
    }
  }
  return into;
}

/**
 * The log of a security test file's apps (`logger` goes to createTestApp), and the secrets the
 * file used: passwords, codes, reset ids, session, service and visitor tokens, answer values.
 * No line may hold one, in clear or URL-encoded (ASVS V7.1.1, V7.1.2).
 */
export class SecurityLog {
  readonly lines: string[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  readonly logger = { level: 'info', stream: this.stream };

  /** Remembers a secret the suite uses (at least 6 characters, so a match means a leak). */
  secret<T extends string>(what: string, value: T): T {
    if (value.length < 6) throw new Error(`${what} is too short to search the log for`);
    this.secrets.set(value, what);
    return value;
  }

  /** Remembers every confirmation code and reset id mailed so far. */
  secretsFromMail(mail: MailMessage[]): void {
    for (const message of mail) {
      const code = /confirmation code is (\d{6})/.exec(message.text)?.[1];
      if (code) this.secret('confirmation code', code);
      const link = /(http\S+\/reset\?\S+)/.exec(message.text)?.[1];
      const id = link ? new URL(link).searchParams.get('id') : null;
      if (id) this.secret('reset id', id);
    }
  }

  get secretCount(): number {
    return this.secrets.size;
  }

  /** "what: line" for every line that holds a secret. */
  leaks(): string[] {
    const found: string[] = [];
    for (const line of this.lines) {
      let text = line;
      try {
        text = stringsOf(JSON.parse(line)).join('\n');
      } catch {
        // not JSON: searched as it is
      }
      for (const [secret, what] of this.secrets) {
        const forms = [secret, encodeURIComponent(secret)];
        const leaked = forms.some((form) =>
          /^\d+$/.test(form)
            ? new RegExp(`(?<!\\d)${form}(?!\\d)`).test(text)
            : text.toLowerCase().includes(form.toLowerCase()),
        );
        if (leaked) found.push(`${what}: ${line}`);
      }
    }
    return found;
  }
}

/** A SecurityLog checked after the file's last test: lines were written and none holds a secret. */
export function useSecurityLog(): SecurityLog {
  const log = new SecurityLog();
  afterAll(() => {
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.secretCount).toBeGreaterThan(0);
    expect(log.leaks()).toEqual([]);
  });
  return log;
}
