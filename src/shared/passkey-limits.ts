/** Passkey limits, without zod: the Security page checks the name before the device is asked. */
export const passkeyNameMaxLength = 60;
/** How many passkeys one account may hold: a phone, a laptop, a security key, with room to spare. */
export const maxPasskeys = 10;
