import { useFormContext, useWatch } from 'react-hook-form';
import { identityDocumentsFor, missingDocumentMessage, requiredIdentityDocument, type IdentityDocument } from '@shared/order-model';
import { publicConfig } from '@client/lib/public-config';
import { useFormats } from '@client/lib/use-formats';
import { nationalityFields } from '../field-specs';
import type { useIdentityDocuments } from '../hooks/use-identity-documents';
import type { PartnerState } from '../hooks/use-partner';
import { useOrderTranslation } from '../namespaces';
import type { OrderFormValues } from '../order-form-values';
import { DocumentUpload } from './document-upload';
import { FieldGrid } from './field-grid';
import { PartnerSection } from './partner-section';

interface IdentityStepProps {
  documents: ReturnType<typeof useIdentityDocuments>;
  partner: PartnerState;
}

/** Step 4: nationality decides which documents are asked for and which is required (SSN proof for US nationals, else the passport). */
export function IdentityStep({ documents, partner }: IdentityStepProps) {
  const { t } = useOrderTranslation();
  const { control } = useFormContext<OrderFormValues>();
  const nationality = useWatch({ control, name: 'nationality' });
  const needed = requiredIdentityDocument(nationality);
  const format = useFormats();
  // comprehensive US sanctions (SANCTIONED_NATIONALITIES): said before payment, not discovered after it
  const sanctioned = Boolean(nationality) && publicConfig.sanctionedNationalities.includes(nationality);
  // a "please upload" message from an earlier submit goes once the nationality no longer needs that document
  const errorOf = (name: IdentityDocument) => {
    const error = documents.errors[name];
    const stale = name !== needed && error === missingDocumentMessage[name as keyof typeof missingDocumentMessage];
    return stale ? undefined : error;
  };
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <FieldGrid fields={nationalityFields} />
        <p
          role="status"
          className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 empty:hidden dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="sanctions-notice"
        >
          {sanctioned ? t('sanctions.notice', { country: format.country(nationality) }) : ''}
        </p>
      </div>
      {/* min-w-0: a fieldset is as wide as its content by default, and a long file name would widen the page */}
      <fieldset className="min-w-0 space-y-5">
        <legend className="text-base font-semibold text-fg">{t('documents.legend')}</legend>
        {/* a polite status: said once when the browser turns out not to keep them, not on every render */}
        <p
          role="status"
          className="rounded-lg border border-gold-500 bg-gold-300/20 px-3 py-2 text-sm text-fg empty:hidden dark:bg-gold-400/10"
          data-testid="files-not-kept"
        >
          {documents.kept ? '' : t('documents.notKept')}
        </p>
        {/* only the documents of this nationality, the required one first: no SSN field above a Mexican's passport */}
        {identityDocumentsFor(nationality).map((name) => (
          <DocumentUpload
            key={name}
            name={name}
            required={name === needed}
            file={documents.files[name]}
            onFile={documents.onFile[name]}
            error={errorOf(name)}
            onChoose={(file) => documents.choose(name, file)}
            onRemove={() => documents.remove(name)}
          />
        ))}
      </fieldset>
      <PartnerSection partner={partner} />
    </div>
  );
}
