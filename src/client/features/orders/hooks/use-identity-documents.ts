import { useEffect, useRef, useState } from 'react';
import { identityDocuments, type IdentityDocument } from '@shared/order-model';
import type { IdentityFiles } from '@client/lib/api/orders';
import { clearDraftFiles, loadDraftFiles, saveDraftFile } from '../draft-files';
import { uploadProblem } from '../upload-rules';

export type DocumentErrors = Partial<Record<IdentityDocument, string>>;

const noFiles: IdentityFiles = { ssnDoc: null, passport: null, otherId: null };
const nothingOnFile: Record<IdentityDocument, boolean> = { ssnDoc: false, passport: false, otherId: false };

/**
 * The chosen identity files (one each) and the message key shown under each field. The files are
 * kept with the draft (draft-files.ts): a wizard that resumes a draft gets them back, one that
 * starts afresh forgets any left in this browser. `kept` is false when this browser cannot keep them.
 * Fixing an order on file, `stored` says which documents the server already holds: they
 * stay (`keep`) unless a new file replaces them or the customer removes them.
 */
export function useIdentityDocuments(draftKey: string, resumed: boolean, stored?: Record<IdentityDocument, boolean>) {
  const [files, setFiles] = useState<IdentityFiles>(noFiles);
  const [onFile, setOnFile] = useState(stored ?? nothingOnFile);
  const editing = stored !== undefined;
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [kept, setKept] = useState(true);
  // documents chosen or removed here before the stored ones arrived: those choices win
  const touched = useRef(new Set<IdentityDocument>());
  const setError = (name: IdentityDocument, key: string | undefined) => setErrors((current) => ({ ...current, [name]: key }));

  useEffect(() => {
    let active = true;
    if (!resumed) {
      // no draft to resume: whatever files a closed tab or a signed-out user left behind go (an
      // edit forgets only its own: a new order's draft in this tab keeps its files)
      void clearDraftFiles(editing ? draftKey : undefined);
      return;
    }
    void loadDraftFiles(draftKey).then((stored) => {
      if (!active) return;
      if (!stored.available) return setKept(false);
      setFiles((current) => {
        const next = { ...current };
        for (const name of Object.keys(next) as IdentityDocument[]) if (!touched.current.has(name) && stored.files[name]) next[name] = stored.files[name];
        return next;
      });
    });
    return () => {
      active = false;
    };
  }, [draftKey, resumed, editing]);

  const keep = (name: IdentityDocument, file: File | null) => {
    touched.current.add(name);
    setFiles((current) => ({ ...current, [name]: file }));
    void saveDraftFile(draftKey, name, file).then((saved) => {
      if (!saved) setKept(false);
    });
  };

  /** A wrong type or an oversized file is refused at once and not kept. */
  const choose = (name: IdentityDocument, file: File) => {
    const problem = uploadProblem(file);
    setError(name, problem ?? undefined);
    keep(name, problem ? null : file);
  };
  const remove = (name: IdentityDocument) => {
    setError(name, undefined);
    setOnFile((current) => ({ ...current, [name]: false }));
    keep(name, null);
  };
  /** what the order will have: a file chosen here, or one on file */
  const present = Object.fromEntries(identityDocuments.map((name) => [name, files[name] !== null || onFile[name]])) as Record<IdentityDocument, boolean>;
  /** the documents on file that stay: not replaced, not removed */
  const keptOnFile = identityDocuments.filter((name) => onFile[name] && files[name] === null);
  return { files, onFile, present, keptOnFile, errors, kept, choose, remove, setError };
}
