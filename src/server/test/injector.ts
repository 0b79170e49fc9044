import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** What an API test needs of an app: `inject` (the app itself, or the built server over a socket: ./api-targets.ts). */
export interface Injector {
  inject(options: InjectOptions): Promise<InjectAnswer>;
}
export type InjectAnswer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'>;
