import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (server tests, benchmarks and the browser journeys): keeps every message.
 * Listens on `port`, by default any free one.
 */
export async function startMailbox(port = 0) {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const receivedBy = (address: string) => received.filter((m) => m.to.includes(address));
  return {
    url,
    /** How many mails reached an address so far. */
    countTo: (address: string) => receivedBy(address).length,
    /** Every mail received for an address, oldest first. */
    async mailsTo(address: string): Promise<ParsedMail[]> {
      return Promise.all(receivedBy(address).map((m) => simpleParser(m.raw)));
    },
    async latestTo(address: string): Promise<ParsedMail | undefined> {
      return (await this.mailsTo(address)).at(-1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The token of the set-password link in a mail's text. */
export function linkTokenOf(mail: ParsedMail | undefined): { path: string; token: string } {
  const match = /(https?:\/\/\S+\/reset-password\/\S+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no set-password link in: ${mail?.text}`);
  const url = new URL(match[1]);
  return { path: url.pathname, token: url.searchParams.get('token') ?? '' };
}
