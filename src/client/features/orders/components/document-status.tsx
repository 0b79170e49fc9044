import { CircleCheck, CircleMinus } from 'lucide-react';
import { useOrderTranslation } from '../namespaces';

/** Uploaded or not uploaded: the confirmation never says where a document is stored. */
export function DocumentStatus({ uploaded }: { uploaded: boolean }) {
  const { t } = useOrderTranslation();
  const Icon = uploaded ? CircleCheck : CircleMinus;
  return (
    <span
      data-uploaded={uploaded}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        uploaded
          ? 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-900/40 dark:text-green-200 dark:ring-green-700'
          : 'bg-gray-100 text-gray-800 ring-gray-300 dark:bg-gray-800 dark:text-gray-200 dark:ring-gray-600'
      }`}
    >
      <Icon className="size-3.5" aria-hidden />
      {t(uploaded ? 'confirm.uploaded' : 'confirm.notUploaded')}
    </span>
  );
}
