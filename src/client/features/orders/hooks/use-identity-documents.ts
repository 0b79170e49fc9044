import { useEffect, useRef, useState } from 'react';
import type { IdentityDocument } from '@shared/order-model';
import type { IdentityFiles } from '@client/lib/api/orders';
import { clearDraftFiles, loadDraftFiles, saveDraftFile } from '../draft-files';
import { uploadProblem } from '../upload-rules';

export type DocumentErrors = Partial<Record<IdentityDocument, string>>;

const noFiles: IdentityFiles = { ssnDoc: null, passport: null, otherId: null };

/**
 * The chosen identity files (one each) and the message key shown under each field. The files are
 * kept with the draft (draft-files.ts): a wizard that resumes a draft gets them back, one that
 * starts afresh forgets any left in this browser. `kept` is false when this browser cannot keep them.
 */
export function useIdentityDocuments(draftKey: string, resumed: boolean) {
  const [files, setFiles] = useState<IdentityFiles>(noFiles);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const [kept, setKept] = useState(true);
  // documents chosen or removed here before the stored ones arrived: those choices win
  const touched = useRef(new Set<IdentityDocument>());
  const setError = (name: IdentityDocument, key: string | undefined) => setErrors((current) => ({ ...current, [name]: key }));

  useEffect(() => {
    let active = true;
    if (!resumed) {
      // no draft to resume: whatever files a closed tab or a signed-out user left behind go
      void clearDraftFiles();
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
  }, [draftKey, resumed]);

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
    keep(name, null);
  };
  return { files, errors, kept, choose, remove, setError };
}
