import type { TPartnerSigningOpen } from '@shared/filing/facts';

type Agreement = TPartnerSigningOpen['agreement']['en'];

/** The Operating Agreement as the signer reads it before signing (the same clauses the PDF prints), as the page's own text. */
export function AgreementText({ agreement, lang }: { agreement: Agreement; lang: 'en' | 'es' }) {
  return (
    <article lang={lang} className="min-w-0 space-y-3 break-words" data-testid="agreement-text">
      <h3 className="text-base font-semibold">{agreement.title}</h3>
      <p>{agreement.preamble}</p>
      {agreement.clauses.map((clause) => (
        <section key={clause.heading} className="space-y-1.5">
          <h4 className="font-semibold">{clause.heading}</h4>
          {clause.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
