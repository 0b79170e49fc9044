import { useId, useState } from 'react';
import type { Language } from '@shared/languages';
import type { MessageTemplateKind, TMessageTemplate } from '@shared/message-templates';
import { inputClasses } from '@client/components/ui/field';
import { useAdminTranslation } from '@client/lib/use-admin-translation';

/** The order's message templates (already in the customer's language) and that language. */
export type ThreadTemplates = { language: Language; list: readonly TMessageTemplate[] };

/**
 * "Start from a template": named in the administrator's language, written in the customer's,
 * which it says; choosing one fills the message box (composer.tsx), to be edited before sending.
 */
export function TemplatePicker({ templates, onChoose }: { templates: ThreadTemplates; onChoose: (kind: MessageTemplateKind) => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<MessageTemplateKind | ''>('');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-semibold text-muted">
        {t('messageTemplates.label')}
      </label>
      <select
        id={id}
        aria-describedby={`${id}-language`}
        className={inputClasses}
        value={chosen}
        onChange={(event) => {
          const kind = event.target.value as MessageTemplateKind | '';
          setChosen(kind);
          if (kind) onChoose(kind);
        }}
      >
        <option value="">{t('messageTemplates.none')}</option>
        {templates.list.map((template) => (
          <option key={template.kind} value={template.kind}>
            {t(`messageTemplates.${template.kind}.title`)}
          </option>
        ))}
      </select>
      <p id={`${id}-language`} className="text-xs text-muted" data-testid="template-language">
        {t('messageTemplates.inLanguage', { language: t(`queue.languages.${templates.language}`) })}
      </p>
    </div>
  );
}
