import { useState } from 'react';
import type { IdentityDocument } from '@shared/order-model';
import type { IdentityFiles } from '@client/lib/api/orders';
import { uploadProblem } from '../upload-rules';

export type DocumentErrors = Partial<Record<IdentityDocument, string>>;

const noFiles: IdentityFiles = { ssnDoc: null, passport: null, otherId: null };

/** The chosen identity files (one each) and the message key shown under each field. */
export function useIdentityDocuments() {
  const [files, setFiles] = useState<IdentityFiles>(noFiles);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const setError = (name: IdentityDocument, key: string | undefined) => setErrors((current) => ({ ...current, [name]: key }));

  /** A wrong type or an oversized file is refused at once and not kept. */
  const choose = (name: IdentityDocument, file: File) => {
    const problem = uploadProblem(file);
    setError(name, problem ?? undefined);
    setFiles((current) => ({ ...current, [name]: problem ? null : file }));
  };
  const remove = (name: IdentityDocument) => {
    setError(name, undefined);
    setFiles((current) => ({ ...current, [name]: null }));
  };
  return { files, errors, choose, remove, setError };
}
