import type { TSessionUser } from '@shared/auth';
import type { TOwnPasskey, TOwnSession, TTwoFactorSetup } from '@shared/security';
import { customer } from './builders';

/* The second factor's data for the component tests. */

/** The ten recovery codes the enrolment shows once. */
export const recoveryCodes = Array.from({ length: 10 }, (_, i) => `a${i}b2c-3d4e${i}`);

/** POST /api/me/two-factor/enable's answer: the QR code (an SVG), the secret as text, the codes. */
export const twoFactorSetup: TTwoFactorSetup = {
  totpUri: 'otpauth://totp/Frontera:ana%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Frontera',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
  recoveryCodes,
};

/** The customer once the second factor is on. */
export const enrolledCustomer: TSessionUser = { ...customer, twoFactorEnabled: true };

/** One of the account's sessions, as GET /api/me/security lists it. */
export function ownSession(overrides: Partial<TOwnSession> = {}): TOwnSession {
  return {
    id: 'session-1',
    current: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    lastSeenAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-12-28T10:00:00.000Z',
    userAgent: null,
    ipAddress: null,
    ...overrides,
  };
}

/** One of the account's passkeys, as GET /api/me/security lists it. */
export function ownPasskey(overrides: Partial<TOwnPasskey> = {}): TOwnPasskey {
  return { id: 'passkey-1', name: 'Chrome · Mac', createdAt: '2026-11-20T09:00:00.000Z', provider: null, backedUp: false, ...overrides };
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/**
 * The browser's passkey API at its edge (jsdom has none): navigator.credentials answering as a
 * device would, with credential objects @simplewebauthn/browser encodes as it does in a browser,
 * or refusing as a closed prompt does. Returns the calls made; `remove()` takes it away again.
 */
export function stubPasskeyDevice(answer: 'ok' | 'cancel' | 'alreadyThere' = 'ok') {
  const calls: { kind: 'create' | 'get'; options: unknown }[] = [];
  const refuse = () =>
    Promise.reject(new DOMException('The operation either timed out or was not allowed.', answer === 'cancel' ? 'NotAllowedError' : 'InvalidStateError'));
  const credential = (response: Record<string, unknown>) => ({
    id: 'Y3JlZGVudGlhbA',
    rawId: bytes('credential'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({}),
  });
  const credentials = {
    create: (options: unknown) => {
      calls.push({ kind: 'create', options });
      if (answer !== 'ok') return refuse();
      return Promise.resolve(
        credential({ clientDataJSON: bytes('{"type":"webauthn.create"}'), attestationObject: bytes('attestation'), getTransports: () => ['internal'] }),
      );
    },
    get: (options: unknown) => {
      calls.push({ kind: 'get', options });
      if (answer !== 'ok') return refuse();
      return Promise.resolve(
        credential({
          clientDataJSON: bytes('{"type":"webauthn.get"}'),
          authenticatorData: bytes('data'),
          signature: bytes('signature'),
          userHandle: bytes('user'),
        }),
      );
    },
  };
  Object.defineProperty(window, 'PublicKeyCredential', { configurable: true, value: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: credentials });
  return {
    calls,
    remove() {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
      Reflect.deleteProperty(navigator, 'credentials');
    },
  };
}
