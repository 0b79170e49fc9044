import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { validOrder } from './orders';

export interface SlowUpload {
  /** the rest of the file and the closing boundary: the request is then complete */
  finish(): void;
  /** the complete answer, or the error that cut the connection */
  response: Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>;
}

/**
 * POST /api/orders as a slow client sends it: the order field and the head of a passport (a real
 * PDF start, so it passes the content check and streams to storage) go at once; the rest only
 * when finish() is called. Until then the request is reliably in flight on the server.
 */
export function startSlowOrderUpload(baseUrl: string, cookie: string, agent: http.Agent): SlowUpload {
  const boundary = `----slow${randomBytes(8).toString('hex')}`;
  const head = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="order"\r\n\r\n${JSON.stringify(validOrder())}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="passport"; filename="passport.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'),
    Buffer.alloc(16 * 1024, 0x20),
  ]);
  const tail = Buffer.concat([Buffer.alloc(16 * 1024, 0x20), Buffer.from('trailer <<>>\n%%EOF\n'), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const url = new URL('/api/orders', baseUrl);
  const request = http.request(url, { method: 'POST', agent, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const response = new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  response.catch(() => undefined); // observed by the callers that expect an answer
  request.flushHeaders();
  request.write(head);
  return {
    finish: () => {
      request.end(tail);
    },
    response,
  };
}
