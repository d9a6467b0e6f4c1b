import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XSRF_HEADER } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../test/harness.ts';
import { noisyImage } from '../../test/multipart.ts';
import { translator } from '../i18n/index.ts';

/** A client on a real socket: what it received, and when the server closed the connection. */
interface SlowClient {
  socket: Socket;
  opened: number;
  received: () => string;
  closed: Promise<number>;
}

const BOUNDARY = 'vigil-slow-boundary';

describe('slow clients on a listening server', () => {
  let t: TestApp;
  let dataDir: string;
  let port: number;
  let png: Buffer;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-slow-'));
    t = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        HTTP_HEADERS_TIMEOUT_SECONDS: '1',
        HTTP_BODY_IDLE_TIMEOUT_SECONDS: '1',
        HTTP_REQUEST_TIMEOUT_SECONDS: '4',
        UPLOADS_PER_USER: '2',
        UPLOADS_PER_ADDRESS: '3',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    png = await noisyImage('png');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tempFiles = () => {
    const dir = join(dataDir, 'upload-tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  async function until(condition: () => boolean, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return condition();
  }

  function open(head: string): SlowClient {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.write(head);
    const opened = Date.now();
    return {
      socket,
      opened,
      received: () => data,
      closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now() - opened))),
    };
  }

  /** Starts a 1 MB upload as `who` and sends its first bytes; the rest is up to the test. */
  function startUpload(who: SignedIn): SlowClient {
    const cookie = `vigil_session=${who.agent.sessionToken}; XSRF-TOKEN=${who.agent.xsrfToken}`;
    const partHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`;
    return open(
      `POST /api/file/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n${XSRF_HEADER}: ${who.agent.xsrfToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${1024 * 1024}\r\n\r\n${partHead}${png.subarray(0, 2048).toString('latin1')}`,
    );
  }

  /** Sends one more byte every `everyMs` until the connection closes. */
  function trickle(client: SlowClient, everyMs: number) {
    const timer = setInterval(() => client.socket.writable && client.socket.write('x'), everyMs);
    void client.closed.then(() => clearInterval(timer));
  }

  it('closes an upload whose body trickles in after the request time-out (408) and removes its temporary file', async () => {
    const admin = await t.asAdmin();
    const client = startUpload(admin);
    trickle(client, 300);
    expect(await until(() => tempFiles().length === 1)).toBe(true);
    const closedAfter = await client.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(3_500);
    expect(closedAfter).toBeLessThan(9_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(client.received().split('\r\n\r\n')[1])).toEqual({
      code: '_REQUEST_TIMEOUT',
      message: translator('en')('error.request_timeout'),
    });
    expect(await until(() => tempFiles().length === 0)).toBe(true);
  });

  it('closes an upload whose body stalls after the body-idle time-out, before the request time-out, and removes its temporary file', async () => {
    const admin = await t.asAdmin();
    const client = startUpload(admin);
    expect(await until(() => tempFiles().length === 1)).toBe(true);
    const closedAfter = await client.closed;
    expect(closedAfter).toBeLessThan(3_500);
    expect(await until(() => tempFiles().length === 0)).toBe(true);
  });

  it('closes a connection whose headers never end after the headers time-out', async () => {
    const client = open('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const timer = setInterval(() => client.socket.writable && client.socket.write('a'), 300);
    const closedAfter = await client.closed;
    clearInterval(timer);
    expect(closedAfter).toBeLessThan(3_500);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('refuses uploads past the per-user and per-address limits with 429, closing the connection unread', async () => {
    const first = await t.asAdmin();
    const second = await t.asAdmin();
    const held = [startUpload(first), startUpload(first)];
    held.forEach((client) => trickle(client, 300));
    expect(await until(() => tempFiles().length === 2)).toBe(true);

    const overUser = startUpload(first);
    await overUser.closed;
    expect(overUser.received()).toMatch(/^HTTP\/1\.1 429/);
    expect(overUser.received()).toMatch(/connection: close/i);
    expect(JSON.parse(overUser.received().split('\r\n\r\n')[1])).toEqual({
      code: '_RATE_LIMITED',
      message: translator('en')('file.too_many_uploads'),
    });

    const third = startUpload(second);
    trickle(third, 300);
    expect(await until(() => tempFiles().length === 3)).toBe(true);
    const overAddress = startUpload(second);
    await overAddress.closed;
    expect(overAddress.received()).toMatch(/^HTTP\/1\.1 429/);

    for (const client of [...held, third]) client.socket.destroy();
    expect(await until(() => tempFiles().length === 0)).toBe(true);
    // The slots are free again.
    const response = await first.agent.post('/api/file/upload', ...uploadOf(png));
    expect(response.statusCode, response.body).toBe(200);
  });
});

function uploadOf(content: Buffer): [Buffer, Record<string, string>] {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return [body, { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }];
}

describe('temporary uploads left behind', () => {
  it('are removed at start once older than the request time-out; newer ones are kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vigil-sweep-'));
    const dir = join(dataDir, 'upload-tmp');
    mkdirSync(dir);
    writeFileSync(join(dir, 'upload-crashed'), 'left by a crash');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(dir, 'upload-crashed'), anHourAgo, anHourAgo);
    writeFileSync(join(dir, 'upload-in-progress'), 'another process is receiving this');
    const t = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      expect(readdirSync(dir)).toEqual(['upload-in-progress']);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
