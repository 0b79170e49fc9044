/**
 * A backup archive encrypted under an operator's passphrase (BACKUP_PASSPHRASE; docs/deploy.md#backups).
 * The embedded default keeps the file key in DATA_DIR, so its archive holds the key beside the
 * ciphertext: whoever holds the archive holds the passports. With a passphrase it does not.
 *
 *   header   "FRONTERA-BACKUP-ENCRYPTED\n" | version (1) | log2 N (1) | r (1) | p (1) | salt (16) | nonce prefix (7)
 *   chunks   AES-256-GCM of 64 KiB of the .tar.gz each, the last one possibly shorter (or empty)
 *
 * The key is scrypt(passphrase, salt). Chunks follow the STREAM construction (Hoang, Reyhanitabar,
 * Rogaway, Vizár, "Online authenticated-encryption and its nonce-reuse misuse-resistance", 2015):
 * the nonce is the prefix, the chunk's number and a last-chunk flag, and the header is every
 * chunk's associated data, so a chunk moved, dropped or cut off, or a changed header, fails to
 * decrypt; so does a wrong passphrase, at the first chunk.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { streamNonce, streamNoncePrefixBytes } from '../storage/stream-nonce';
import { BackupError } from './postgres-tools';

const magic = Buffer.from('FRONTERA-BACKUP-ENCRYPTED\n');
const version = 1;
const chunkSize = 64 * 1024;
const tagLength = 16;
const saltLength = 16;
const prefixLength = streamNoncePrefixBytes;
export const magicLength = magic.length;
const headerLength = magic.length + 4 + saltLength + prefixLength;
/** scrypt at N = 2^15, r = 8: 32 MiB and about 0.1 s a derivation (OWASP's minimum for scrypt) */
const defaults = { logN: 15, r: 8, p: 1 };
/** a passphrase an operator can keep in a secret manager, long enough not to be guessed offline */
export const minPassphraseLength = 16;

/** true when `start` (the file's first bytes) is an encrypted archive's */
export function isEncryptedArchive(start: Buffer): boolean {
  return start.length >= magic.length && start.subarray(0, magic.length).equals(magic);
}

export function checkPassphrase(passphrase: string): void {
  if (passphrase.length < minPassphraseLength) {
    throw new BackupError(
      `BACKUP_PASSPHRASE is too short (${passphrase.length} characters): use at least ${minPassphraseLength}, e.g. five random words, and keep it apart from the archive.`,
    );
  }
}

function deriveKey(passphrase: string, salt: Buffer, { logN, r, p }: { logN: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const N = 2 ** logN;
    scrypt(passphrase.normalize('NFC'), salt, 32, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Turns the .tar.gz stream into the encrypted archive. */
export async function encryptingStream(passphrase: string): Promise<Transform> {
  checkPassphrase(passphrase);
  const salt = randomBytes(saltLength);
  const prefix = randomBytes(prefixLength);
  const header = Buffer.concat([magic, Buffer.from([version, defaults.logN, defaults.r, defaults.p]), salt, prefix]);
  const key = await deriveKey(passphrase, salt, defaults);
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const seal = (plain: Buffer, last: boolean): Buffer => {
    if (counter > 0xffffffff) throw new BackupError('the archive is too large to encrypt (more than 256 TiB)');
    const cipher = createCipheriv('aes-256-gcm', key, streamNonce(prefix, counter, last));
    cipher.setAAD(header);
    counter += 1;
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        if (!started) {
          this.push(header);
          started = true;
        }
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        // a full chunk is sealed only once more follows: the last one carries the flag
        while (pending.length > chunkSize) {
          this.push(seal(pending.subarray(0, chunkSize), false));
          pending = pending.subarray(chunkSize);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!started) this.push(header);
        this.push(seal(pending, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

const wrongPassphrase =
  'cannot be decrypted: the passphrase (BACKUP_PASSPHRASE) is not the one it was made with, or the archive is damaged. Nothing was restored.';

/** Turns an encrypted archive back into its .tar.gz stream; a wrong passphrase or any change is a BackupError. */
export function decryptingStream(passphrase: string, archive: string): Transform {
  let header: Buffer | undefined;
  let key: Buffer | undefined;
  let prefix: Buffer | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const open = (sealed: Buffer, last: boolean): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', key!, streamNonce(prefix!, counter, last));
    decipher.setAAD(header!);
    decipher.setAuthTag(sealed.subarray(sealed.length - tagLength));
    counter += 1;
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - tagLength)), decipher.final()]);
    } catch {
      throw new BackupError(`${archive} ${wrongPassphrase}`);
    }
  };
  const sealedChunk = chunkSize + tagLength;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const run = async () => {
        if (!header) {
          if (pending.length < headerLength) return;
          header = pending.subarray(0, headerLength);
          if (!isEncryptedArchive(header) || header[magic.length] !== version)
            throw new BackupError(`${archive} is not an encrypted backup of a version this app reads. Nothing was restored.`);
          const [logN, r, p] = [header[magic.length + 1]!, header[magic.length + 2]!, header[magic.length + 3]!];
          // parameters from the file are bounded: a planted header must not ask for gigabytes
          if (logN < 10 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) throw new BackupError(`${archive} has a damaged header. Nothing was restored.`);
          const salt = header.subarray(magic.length + 4, magic.length + 4 + saltLength);
          prefix = header.subarray(magic.length + 4 + saltLength, headerLength);
          key = await deriveKey(passphrase, salt, { logN, r, p });
          pending = pending.subarray(headerLength);
        }
        while (pending.length > sealedChunk) {
          this.push(open(pending.subarray(0, sealedChunk), false));
          pending = pending.subarray(sealedChunk);
        }
      };
      run().then(
        () => done(),
        (error: Error) => done(error),
      );
    },
    flush(done: TransformCallback) {
      try {
        if (!header || pending.length < tagLength)
          throw new BackupError(`${archive} is damaged or truncated (it ends before its last encrypted chunk). Nothing was restored.`);
        this.push(open(pending, true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
