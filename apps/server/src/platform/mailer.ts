import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * An iCalendar invitation (RFC 5545 text, METHOD REQUEST or CANCEL): nodemailer adds it as the
   * text/calendar alternative and as an .ics attachment, which mail clients show as an invitation.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string };
}

/**
 * Sends the product's e-mail. Without SMTP_URL each message is written to DATA_DIR/outbox as an
 * .eml file (so password reset works on a fresh machine); with it, a real SMTP server is used.
 * `dispatch` does not wait for delivery, so answers take the same time whether or not a message
 * is sent (no account enumeration through timing).
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();
  readonly outboxDir: string;

  constructor(
    private readonly options: { smtpUrl?: string; from: string; dataDir: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxDir = path.join(options.dataDir, 'outbox');
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.options.from, ...mail });
    if (this.options.smtpUrl) {
      this.log.info({ mail: { to: maskEmail(mail.to), subject: mail.subject } }, 'mail sent');
      return;
    }
    await mkdir(this.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    const file = path.join(this.outboxDir, name);
    await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.part`, file);
    this.log.info(
      { mail: { to: maskEmail(mail.to), subject: mail.subject, file } },
      'mail written to outbox',
    );
  }

  /** Sends in the background; failures are logged, never thrown at the caller. */
  dispatch(mail: OutgoingMail): void {
    const job = this.send(mail)
      .catch((err: unknown) =>
        this.log.error({ err, mail: { subject: mail.subject } }, 'mail delivery failed'),
      )
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves once every dispatched message is sent (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.transport.close();
  }
}

export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};
