/**
 * npm run admin -- create EMAIL [--name NAME] [--password PASSWORD]
 * npm run admin -- promote EMAIL
 * npm run admin -- reset-2fa EMAIL
 * npm run admin -- set-price CENTS
 * npm run admin -- requeue-mail
 * npm run admin -- rotate-file-key
 * npm run admin -- backup FILE [--accept-missing-files]
 * npm run admin -- restore FILE
 *
 * Without --password the password is asked for (hidden on a terminal) or read from stdin.
 * With the embedded database the app must be stopped first (one process per PGlite directory);
 * with DATABASE_URL it works while the app runs. rotate-file-key opens no database: it rewrites
 * the stored files under the first of FILE_ENCRYPTION_KEYS and is safe while the app runs.
 * backup writes one .tar.gz (the database, the stored files, the key files of DATA_DIR) and restore
 * writes it back into an empty DATA_DIR / empty database (platform/backup/backup.ts); on the
 * embedded database backup refuses while the app runs.
 */
import readline from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { bootstrapDatabase } from './db/bootstrap';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { AdminCommandError, createAdmin, enrolmentLinkHours, newEnrolmentLink, promoteAdmin, resetSecondFactorByEmail } from './domain/admin-accounts';
import { parsePriceCents, setStandardPrice } from './domain/price';
import { createAuth } from './platform/auth/better-auth';
import { backup, BackupError, restore } from './platform/backup/backup';
import { requeueFailedMail } from './platform/mail/outbox';
import { createStorage } from './platform/storage/create-storage';
import { rotateFileKey } from './platform/storage/rotate-file-key';
import { formatUsd } from '@shared/formats';

const usage = [
  'usage: npm run admin -- create EMAIL [--name NAME] [--password PASSWORD]',
  '       npm run admin -- promote EMAIL',
  '       npm run admin -- reset-2fa EMAIL   (remove a lost second factor; the account enrolls again at its next sign-in)',
  '       npm run admin -- set-price CENTS   (e.g. 39900 for $399)',
  '       npm run admin -- requeue-mail      (send again every email given up on after three days of retries)',
  '       npm run admin -- rotate-file-key   (re-encrypt stored files under the first FILE_ENCRYPTION_KEYS key)',
  '       npm run admin -- backup FILE [--accept-missing-files]   (one archive: the database, the stored files, the key files of DATA_DIR; encrypted when BACKUP_PASSPHRASE is set; stop the app first on the embedded database)',
  '       npm run admin -- restore FILE      (into an empty or absent DATA_DIR; with DATABASE_URL, into an empty database; BACKUP_PASSPHRASE for an encrypted archive)',
].join('\n');

// a password alone never opens the admin area, nor sets up its second factor (ADR 0027)
const enrolmentNote = (url: string) =>
  [
    'A second factor is required: the admin pages ask to set up an authenticator app (QR code, a code to confirm, ten recovery codes) before anything else opens,',
    `and only through this one-time link (it works once, for ${enrolmentLinkHours} hours; give it to the administrator yourself, not by the same channel as the password):`,
    url,
  ].join('\n');

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function askPassword(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    // hide what is typed
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (text: string) => {
      if (text.includes('Password')) process.stdout.write(text);
    };
  }
  const answer = await new Promise<string>((resolve) => rl.question('Password: ', resolve));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return answer.trim();
}

/** Exit code 1 when a file could not be rewritten; running it again retries only what is left. */
async function rotateFiles(): Promise<void> {
  const config = loadConfig(process.env);
  // the rotation reads every file from before, whatever FILE_PLAINTEXT says: it is what rewrites them
  const storage = await createStorage(config, 'serve');
  try {
    console.log(`Re-encrypting stored files under key "${storage.currentKeyId}"...`);
    const result = await rotateFileKey(storage, (key, outcome) => console.log(`${key}: ${outcome}`));
    console.log(
      `${result.reencrypted} re-encrypted, ${result.encrypted} encrypted (written before encryption), ${result.current} already under "${storage.currentKeyId}", ${result.gone} deleted meanwhile, ${result.failed.length} failed.`,
    );
    for (const failure of result.failed) console.error(`${failure.key}: ${failure.error}`);
    if (result.failed.length > 0) {
      console.error('Some files were not rewritten: keep every old key in FILE_ENCRYPTION_KEYS and run the command again.');
      process.exitCode = 1;
    } else console.log('Every stored file is under the newest key: older keys can now be removed from FILE_ENCRYPTION_KEYS.');
  } finally {
    storage.close?.();
  }
}

/** The emails given up on are due again; the running app (or the next start) sends them. */
async function requeueMail(): Promise<void> {
  const { database, release } = await bootstrapDatabase(loadConfig(process.env));
  try {
    const count = await requeueFailedMail(database.db);
    console.log(
      count === 0 ? 'No email was given up on: nothing to send again.' : `${count} email(s) given up on are queued again, with three more days of retries.`,
    );
  } finally {
    await database.close();
    release();
  }
}

async function main(): Promise<void> {
  const [command, argument, ...rest] = process.argv.slice(2);
  if (command === 'rotate-file-key') return rotateFiles();
  if ((command === 'backup' || command === 'restore') && argument) {
    // from the environment, never the command line, where every user of the machine reads it (ps)
    const passphrase = process.env.BACKUP_PASSPHRASE || undefined;
    const report = (line: string) => console.log(line);
    if (command === 'backup')
      await backup(loadConfig(process.env), argument, report, { passphrase, acceptMissingFiles: rest.includes('--accept-missing-files') });
    else await restore(loadConfig(process.env), argument, report, { passphrase });
    return;
  }
  if (command === 'requeue-mail') return requeueMail();
  if (!command || !argument || !['create', 'promote', 'reset-2fa', 'set-price'].includes(command)) {
    console.error(usage);
    process.exit(2);
  }
  // a bad price is refused before the database is opened
  const priceCents = command === 'set-price' ? parsePriceCents(argument) : undefined;
  const config = loadConfig(process.env);
  const { database, release } = await bootstrapDatabase(config);
  try {
    if (priceCents !== undefined) {
      const { oldCents, newCents } = await setStandardPrice(database.db, priceCents);
      console.log(`Price changed from ${formatUsd(oldCents, 'en')} (${oldCents} cents) to ${formatUsd(newCents, 'en')} (${newCents} cents).`);
      console.log('New orders and checkouts charge it, and every page shows it, from the next request.');
    } else if (command === 'promote') {
      const user = await promoteAdmin(database.db, argument);
      console.log(`${user.email} is now an administrator.`);
      // promoting again is how an administrator without a factor gets a new link
      if (user.twoFactorEnabled) console.log('Their own second factor (set up before) opens the admin area.');
      else console.log(enrolmentNote((await newEnrolmentLink(database.db, config.APP_URL, user.id)).url));
    } else if (command === 'reset-2fa') {
      const { id, sessionsEnded } = await resetSecondFactorByEmail(database.db, argument);
      console.log(`The second factor of ${argument} was removed and ${sessionsEnded} session(s) ended (audited).`);
      console.log(enrolmentNote((await newEnrolmentLink(database.db, config.APP_URL, id)).url));
    } else {
      const password = option(rest, 'password') ?? (await askPassword());
      const log = { error: console.error, warn: console.warn, info: () => undefined, debug: () => undefined };
      const auth = createAuth(database.db, config, { log, hooks: { sendResetPassword: async () => undefined } });
      const user = await createAdmin(auth, database.db, {
        email: argument,
        password,
        name: option(rest, 'name') ?? 'Administrator',
        minPasswordLength: config.PASSWORD_MIN_LENGTH,
      });
      console.log(`Administrator ${user.email} created.`);
      console.log(enrolmentNote((await newEnrolmentLink(database.db, config.APP_URL, user.id)).url));
    }
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError || error instanceof AdminCommandError || error instanceof BackupError)
    console.error(error.message);
  else console.error('admin command failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
