import type { Injector } from './injector';
import type { TOrderInput } from '@shared/orders';
import { sampleOrder } from '@shared/testing/sample-order';

export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

export function validOrder(overrides: Partial<TOrderInput> = {}): TOrderInput {
  return { ...sampleOrder, ...overrides };
}

export type UploadFile = { name: string; type: string; bytes: Buffer };

/** A multipart body as a browser sends it: the order JSON first, then the files. */
export async function orderMultipart(
  order: unknown,
  files: Record<string, UploadFile> = {},
  { orderFirst = true, keep }: { orderFirst?: boolean; keep?: unknown } = {},
) {
  const form = new FormData();
  const addOrder = () => form.append('order', typeof order === 'string' ? order : JSON.stringify(order));
  if (orderFirst) addOrder();
  // an edit's documents on file that stay (PUT /api/orders/:id)
  if (keep !== undefined) form.append('keep', typeof keep === 'string' ? keep : JSON.stringify(keep));
  for (const [field, file] of Object.entries(files)) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  if (!orderFirst) addOrder();
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

/** Any multipart body, its parts in the order given: a string is a field, an UploadFile a file. */
export async function multipartBody(parts: [string, string | UploadFile][]) {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

export const passportFile: UploadFile = { name: 'passport.pdf', type: 'application/pdf', bytes: pdfBytes };

export async function submitOrder(
  app: Injector,
  cookie: string,
  order: unknown = validOrder(),
  files: Record<string, UploadFile> = { passport: passportFile },
) {
  const { payload, headers } = await orderMultipart(order, files);
  return app.inject({ method: 'POST', url: '/api/orders', payload, headers: { ...headers, cookie } });
}

/** PUT /api/orders/:id: the owner's edit of an unpaid order, keeping the named documents on file. */
export async function editOrder(app: Injector, cookie: string, orderId: string, order: unknown, files: Record<string, UploadFile> = {}, keep: unknown = []) {
  const { payload, headers } = await orderMultipart(order, files, { keep });
  return app.inject({ method: 'PUT', url: `/api/orders/${orderId}`, payload, headers: { ...headers, cookie } });
}

/** A multipart body with one file in the field `file`, as the admin upload takes it. */
export async function fileForm(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}
