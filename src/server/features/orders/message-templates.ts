import { messageTemplateKinds, type TMessageTemplate } from '@shared/message-templates';
import type { Language } from '@shared/languages';
import { firstName } from '@shared/names';
import { serverTexts } from '@server/platform/i18n/texts';

/**
 * The team's message templates for one order, in the customer's language, filled with the
 * order's facts (src/shared/message-templates.ts): read from the admin catalogue, as emails are
 * from the mail one, so the two languages are kept in one place.
 */
export function messageTemplatesFor(order: { organizerName: string; companyName1: string }, language: Language): TMessageTemplate[] {
  const t = serverTexts(language, 'admin');
  const facts = { firstName: firstName(order.organizerName), company: order.companyName1 };
  return messageTemplateKinds.map((kind) => ({ kind, body: t(`messageTemplates.${kind}.body`, facts) }));
}
