import { useSyncExternalStore } from 'react';
import type { TPasskeyOptions } from '@shared/security';

/*
 * The browser's side of passkeys: navigator.credentials through @simplewebauthn/browser,
 * which turns the server's JSON options into the binary the API wants and back. It is imported
 * only when a passkey is used, so no page's first load carries it.
 */

/** Whether this browser can make and use passkeys at all (every current browser can; some embedded views cannot). */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && Boolean(navigator.credentials);

const unchanging = () => () => undefined;
/**
 * passkeysSupported() for a component. The server's HTML (and hydration) assumes yes, as every
 * current browser answers: the login page keeps its layout, and only a browser without passkeys
 * sees the button go once it has hydrated.
 */
export const usePasskeysSupported = () => useSyncExternalStore(unchanging, passkeysSupported, () => true);

/** Why the device gave no passkey: the person closed the prompt, it already holds one, or it failed. */
export type PasskeyProblem = 'cancelled' | 'alreadyOnDevice' | 'deviceFailed';

export class PasskeyDeviceError extends Error {
  constructor(readonly problem: PasskeyProblem) {
    super(`passkey: ${problem}`);
  }
}

function deviceError(error: unknown): PasskeyDeviceError {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return new PasskeyDeviceError('alreadyOnDevice');
  // the prompt closed, timed out or was dismissed: the browser does not tell these apart, on purpose
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyDeviceError('cancelled');
  return new PasskeyDeviceError('deviceFailed');
}

/** navigator.credentials.create(): the device makes a new passkey for this site. */
export async function createPasskey(options: TPasskeyOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    const made = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
    // plain copies: the library's interfaces lack the index signature of the loose schema the server reads them with
    return { ...made, response: { ...made.response }, clientExtensionResults: { ...made.clientExtensionResults } };
  } catch (error) {
    throw deviceError(error);
  }
}

/** navigator.credentials.get(): the device signs the server's challenge with a passkey it holds. */
export async function signWithPasskey(options: TPasskeyOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    const signed = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
    return { ...signed, response: { ...signed.response }, clientExtensionResults: { ...signed.clientExtensionResults } };
  } catch (error) {
    throw deviceError(error);
  }
}
