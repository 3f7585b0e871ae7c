import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The text body, transfer encoding undone. */
  text: string;
}

/** Undoes quoted-printable (soft line breaks and =XX bytes, read as UTF-8). */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const match = /^=([0-9A-F]{2})/i.exec(joined.slice(index, index + 3));
    if (match) {
      bytes.push(Number.parseInt(match[1]!, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

/** Parses the single-part text mails the application sends. */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, separator).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { to, raw, subject: decodeHeader(header('Subject')), text };
}

/** The first http(s) link in a mail's text. */
export function firstLink(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in mail "${mail.subject}":\n${mail.text}`);
  return link;
}

export interface TestMailServer {
  url: string;
  mails: ReceivedMail[];
  /** The next mail to this address that arrives after `since` mails (default: any received so far). */
  waitFor(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** A real SMTP server (npm smtp-server) on loopback that keeps every message. */
export async function startMailServer(): Promise<TestMailServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP server has no port');
  const { port } = address;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, options = {}) {
      const address = to.toLowerCase();
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const found = mails.slice(options.after ?? 0).find((mail) => mail.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The newest .eml file in a mail directory (MAIL_DIR, written when SMTP_URL is unset) addressed to `to`,
 * polling until one arrives.
 */
export async function waitForMailFile(directory: string, to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const raw = await readFile(join(directory, name), 'utf8');
      const header = /^To:\s*(.*)$/im.exec(raw)?.[1]?.toLowerCase() ?? '';
      if (header.includes(address)) return parseMail(raw, [address]);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${directory}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
