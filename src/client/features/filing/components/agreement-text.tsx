import type { TPartnerSigning } from '@shared/filing/facts';

type Agreement = TPartnerSigning['agreement']['en'];

/**
 * The Operating Agreement as the signer reads it before signing (the same clauses the
 * PDF prints), in a scrolling box that takes keyboard focus so it can be scrolled without a mouse.
 */
export function AgreementText({ agreement, lang, label }: { agreement: Agreement; lang: 'en' | 'es'; label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      lang={lang}
      className="max-h-96 min-w-0 space-y-3 overflow-y-auto rounded-lg border border-line bg-surface-muted p-4 text-sm leading-relaxed break-words"
      data-testid="agreement-text"
    >
      <h5 className="text-base font-semibold">{agreement.title}</h5>
      <p>{agreement.preamble}</p>
      {agreement.clauses.map((clause) => (
        <section key={clause.heading} className="space-y-1.5">
          <h6 className="font-semibold">{clause.heading}</h6>
          {clause.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
