import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyAddress, outboundRequest, outboundText, publicAddressesOnly, type OutboundRefusal, type OutboundRequest } from './index.ts';

let server: Server;
let base: string;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://test');
    seen.push(url.pathname);
    if (url.pathname === '/ok') return response.end('hello');
    if (url.pathname === '/echo') return request.pipe(response);
    if (url.pathname === '/failing') return response.writeHead(500).end('broken');
    if (url.pathname === '/redirect') return response.writeHead(302, { location: url.searchParams.get('to')! }).end();
    if (url.pathname === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/declared-large') return response.writeHead(200, { 'content-length': '4096' }).end('x'.repeat(4096));
    if (url.pathname === '/streamed-large') {
      response.write('x'.repeat(1000));
      return setTimeout(() => response.end('x'.repeat(1000)), 20);
    }
    // '/silent' never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local: OutboundRequest = { addresses: anyAddress };

async function refusal(promise: Promise<unknown>): Promise<OutboundRefusal | 'answered'> {
  try {
    await promise;
    return 'answered';
  } catch (error) {
    return (error as { reason: OutboundRefusal }).reason;
  }
}

describe('publicAddressesOnly', () => {
  it.each([
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:a00:1', false],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(publicAddressesOnly(address)).toBe(expected);
  });
});

describe('outbound requests', () => {
  it('reads a body and sends one', async () => {
    expect(await outboundText(`${base}/ok`, local)).toBe('hello');
    const echoed = await outboundRequest(`${base}/echo`, {
      ...local,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'ping',
    });
    expect({ status: echoed.status, body: echoed.body.toString() }).toEqual({ status: 200, body: 'ping' });
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect(await refusal(outboundText('file:///etc/passwd', local))).toBe('scheme');
    expect(await refusal(outboundText('ftp://127.0.0.1/x', local))).toBe('scheme');
    expect(await refusal(outboundText(`http://user:secret@127.0.0.1:${port}/ok`, local))).toBe('scheme');
    expect(await refusal(outboundText('not a url', local))).toBe('scheme');
  });

  it('refuses private and loopback addresses, literal or looked up, without connecting', async () => {
    seen.length = 0;
    const publicOnly: OutboundRequest = { addresses: publicAddressesOnly };
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '0x7f.1', '2130706433', '10.0.0.1', '169.254.169.254']) {
      expect(await refusal(outboundText(`http://${host}:${port}/ok`, publicOnly)), host).toBe('address');
    }
    expect(seen).toEqual([]);
  });

  it('checks every redirect like the first URL', async () => {
    const only127001: OutboundRequest = { addresses: (address) => address === '127.0.0.1' };
    expect(await outboundText(`${base}/redirect?to=/ok`, only127001)).toBe('hello');
    seen.length = 0;
    expect(await refusal(outboundText(`${base}/redirect?to=${encodeURIComponent(`http://127.0.0.2:${port}/ok`)}`, only127001))).toBe(
      'address',
    );
    expect(await refusal(outboundText(`${base}/redirect?to=file:///etc/passwd`, only127001))).toBe('scheme');
    expect(seen).toEqual(['/redirect', '/redirect']);
    expect(await refusal(outboundText(`${base}/loop`, local))).toBe('redirects');
  });

  it('answers a redirect itself when the method is not GET or HEAD', async () => {
    const answer = await outboundRequest(`${base}/redirect?to=/ok`, { ...local, method: 'POST', body: '{}' });
    expect(answer.status).toBe(302);
  });

  it('caps the body, declared or streamed', async () => {
    const capped: OutboundRequest = { ...local, limits: { maxBytes: 1024 } };
    expect(await refusal(outboundText(`${base}/declared-large`, capped))).toBe('too_large');
    expect(await refusal(outboundText(`${base}/streamed-large`, capped))).toBe('too_large');
    expect(await outboundText(`${base}/streamed-large`, local)).toHaveLength(2000);
  });

  it('gives up after its time limit', async () => {
    const started = Date.now();
    expect(await refusal(outboundText(`${base}/silent`, { ...local, limits: { timeoutMs: 200 } }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an unsuccessful status as text, and answers it as a request', async () => {
    expect(await refusal(outboundText(`${base}/failing`, local))).toBe('status');
    expect((await outboundRequest(`${base}/failing`, local)).status).toBe(500);
  });

  it('says when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(outboundText(`http://127.0.0.1:${closedPort}/`, local))).toBe('network');
  });
});
