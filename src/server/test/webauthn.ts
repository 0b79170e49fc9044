import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A software authenticator for API tests: what a phone or a security key does in
 * navigator.credentials, with a real P-256 key, real CBOR and a real ES256 signature, so the
 * passkey plugin checks genuine answers (the browser journeys use Chromium's virtual authenticator).
 */

/** The few CBOR types WebAuthn needs: unsigned and negative integers, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const buffer = Buffer.alloc(3);
    buffer.writeUInt8((major << 5) | 25);
    buffer.writeUInt16BE(length, 1);
    return buffer;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
  throw new Error(`cbor: ${typeof value} is not needed here`);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

export interface SoftAuthenticatorOptions {
  /** the page's origin the browser reports (a phishing site would report its own) */
  origin: string;
  /** whether the device checked its owner (fingerprint, face or PIN) */
  userVerified?: boolean;
}

export function softAuthenticator({ origin, userVerified = true }: SoftAuthenticatorOptions) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const rpIdHash = sha256(new URL(origin).hostname);
  let counter = 0;
  let userHandle = base64url(randomBytes(16));
  const device = { userVerified };

  const authenticatorData = (extra: Buffer = Buffer.alloc(0)) => {
    counter += 1;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const flagByte = flags.userPresent | (device.userVerified ? flags.userVerified : 0) | (extra.length > 0 ? flags.attestedData : 0);
    return Buffer.concat([rpIdHash, Buffer.from([flagByte]), counterBytes, extra]);
  };
  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return Object.assign(device, {
    credentialId: base64url(credentialId),
    /** navigator.credentials.create() with the server's options: a new credential, attestation "none". */
    register(options: { challenge: string; user: { id: string } }) {
      userHandle = options.user.id;
      const coseKey = new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16) /* aaguid: anonymous */, idLength, credentialId, cbor(coseKey)]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authenticatorData(attested)],
        ]),
      );
      return {
        id: base64url(credentialId),
        rawId: base64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', options.challenge)),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** navigator.credentials.get() with the server's options: a signed assertion. */
    authenticate(options: { challenge: string }) {
      const data = authenticatorData();
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), privateKey);
      return {
        id: base64url(credentialId),
        rawId: base64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: { clientDataJSON: base64url(clientDataJSON), authenticatorData: base64url(data), signature: base64url(signature), userHandle },
      };
    },
  });
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
