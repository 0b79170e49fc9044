import { identityDocuments, type IdentityDocument } from '@shared/order-model';
import type { IdentityFiles } from '@client/lib/api/orders';

/**
 * The identity files chosen in an unfinished order, kept next to its draft (order-draft.ts) so a
 * reload on step 4 does not drop them. sessionStorage holds only text, so they live in this
 * origin's IndexedDB, in this browser only: one record per draft and document, with the file's
 * bytes, name, type and size. They are identity documents: deleted when the order is submitted,
 * and all of them whenever a wizard starts without a draft (the tab whose draft they belonged to
 * was closed, or signed out: sign-out clears the drafts). Where IndexedDB is missing or refused
 * (some private modes), every call answers `unavailable` and the wizard says the files must be
 * chosen again.
 */
export const draftFilesDatabase = 'order-draft-files';
const store = 'files';

interface StoredFile {
  key: string;
  draft: string;
  document: IdentityDocument;
  blob: Blob;
  name: string;
  type: string;
  size: number;
  lastModified: number;
}

export type DraftFiles = { available: true; files: IdentityFiles } | { available: false };

const recordKey = (draft: string, document: IdentityDocument) => `${draft}|${document}`;
/** Every record of one draft: its keys all start with `draft|`. */
const draftRange = (draft: string) => IDBKeyRange.bound(`${draft}|`, `${draft}|\uffff`);

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
    const request = indexedDB.open(draftFilesDatabase, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath: 'key' });
    request.onsuccess = () => {
      const db = request.result;
      // a sign-out in another tab deletes the database: let it, and open afresh next time
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
  opening.catch(() => (opening = undefined));
  return opening;
}

async function run<T>(mode: IDBTransactionMode, work: (files: IDBObjectStore) => Promise<T>): Promise<T> {
  const db = await open();
  const transaction = db.transaction(store, mode);
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(transaction.objectStore(store));
  await done;
  return result;
}

/** The files kept for a draft (null where none), or `available: false` when the browser keeps none. */
export async function loadDraftFiles(draft: string): Promise<DraftFiles> {
  try {
    const records = await run('readonly', (files) => settle(files.getAll(draftRange(draft)) as IDBRequest<StoredFile[]>));
    const files: IdentityFiles = { ssnDoc: null, passport: null, otherId: null };
    for (const record of records)
      if ((identityDocuments as readonly string[]).includes(record.document))
        files[record.document] = new File([record.blob], record.name, { type: record.type, lastModified: record.lastModified });
    return { available: true, files };
  } catch {
    return { available: false };
  }
}

/** Keeps (or, for null, forgets) one document of a draft; false when the browser would not keep it. */
export async function saveDraftFile(draft: string, document: IdentityDocument, file: File | null): Promise<boolean> {
  try {
    await run('readwrite', async (files) => {
      if (!file) return void (await settle(files.delete(recordKey(draft, document))));
      const record: StoredFile = {
        key: recordKey(draft, document),
        draft,
        document,
        blob: file,
        name: file.name,
        type: file.type,
        size: file.size,
        lastModified: file.lastModified,
      };
      await settle(files.put(record));
    });
    return true;
  } catch {
    return false;
  }
}

/** Forgets every file of one draft (after submit), or of every draft in this browser (no draft given). */
export async function clearDraftFiles(draft?: string): Promise<void> {
  try {
    await run('readwrite', (files) => settle(draft === undefined ? files.clear() : files.delete(draftRange(draft))));
  } catch {
    // nothing could be kept then
  }
}
