/**
 * The nonce of one chunk in the STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizár 2015),
 * as AES-256-GCM takes it (12 bytes): a random prefix of 7 bytes for the whole stream, the chunk's
 * number, and whether it is the last chunk, so a reordered, dropped or cut-off chunk fails to
 * decrypt. Stored files (encrypted-storage.ts) and encrypted backups (backup/archive-cipher.ts) use it.
 */
export const streamNoncePrefixBytes = 7;

export function streamNonce(prefix: Buffer, counter: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0, 0, streamNoncePrefixBytes);
  value.writeUInt32BE(counter, streamNoncePrefixBytes);
  value[11] = last ? 1 : 0;
  return value;
}
