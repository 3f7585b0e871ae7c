/**
 * Outgoing mail through nodemailer (DESIGN.md, Mail): SMTP_URL set → SMTP; unset → each message is written
 * as an .eml file to MAIL_DIR (./data/mail) and a log line names it, so the demo needs no mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig } from '../config.ts';
import { log } from '../log.ts';

export interface MailMessage {
  /** One address or several (an employer's application addresses). */
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (an application mail: the applicant). */
  replyTo?: string;
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of the job alert mails, RFC 8058). */
  headers?: Record<string, string>;
  /** A fixed Message-ID (a job alert digest keeps one per digest, so a resent copy is recognisably the same). */
  messageId?: string;
}

let smtp: Transporter | undefined;
let fileTransport: Transporter | undefined;

function envelopeOf(message: MailMessage, from: string) {
  return {
    from,
    ...message,
    attachments: message.attachments?.map((attachment) => ({
      ...attachment,
      content: Buffer.from(attachment.content),
    })),
  };
}

export async function sendMail(message: MailMessage): Promise<void> {
  const config = getConfig();
  const envelope = envelopeOf(message, config.MAIL_FROM);
  if (config.SMTP_URL) {
    smtp ??= nodemailer.createTransport(config.SMTP_URL);
    await smtp.sendMail(envelope);
    log('mail').info({ to: message.to, subject: message.subject }, 'mail sent');
    return;
  }
  fileTransport ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = (await fileTransport.sendMail(envelope)) as { message: Buffer };
  const directory = resolve(config.MAIL_DIR);
  await mkdir(directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(directory, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
  await writeFile(file, info.message);
  log('mail').info({ to: message.to, subject: message.subject, file }, 'mail written to a file');
}

/** A sender for many mails at once (the job alert digests), closed when the batch is done. */
export interface MailBatch {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
}

/**
 * Many mails over a few kept SMTP connections instead of one connection per mail (nodemailer's pool): the
 * digests of 10,000 alerts took 85 s over 16 connections opened per mail, far less over pooled ones
 * (bench/alerts). Without SMTP_URL, the files of sendMail.
 */
export function openMailBatch(connections: number, smtpUrl = getConfig().SMTP_URL): MailBatch {
  const config = getConfig();
  if (!smtpUrl) return { send: sendMail, close: () => undefined };
  const pool = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: connections });
  return {
    send: async (message) => {
      await pool.sendMail(envelopeOf(message, config.MAIL_FROM));
    },
    close: () => pool.close(),
  };
}
