import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import { applyTheme, useTheme, type Theme } from '@client/lib/theme';
import { useSwitchLanguage } from '../localized-router';

const controlClasses =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-line px-2 text-sm font-semibold text-fg hover:bg-surface-muted';

/**
 * docs/product.md: the switch shows ES while English is active and EN otherwise. Its name starts with what it
 * shows (WCAG 2.5.3) and goes on in the language it switches to ("ES — Cambiar a español"), so
 * the button carries that language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  // outside the app's router (a component test's MemoryRouter) the switch changes the text only
  const switchLanguage = useSwitchLanguage() ?? ((language: string) => void i18n.changeLanguage(language));
  const next = i18n.language === 'es' ? 'en' : 'es';
  const label = next.toUpperCase();
  return (
    <button
      type="button"
      lang={next}
      className={controlClasses}
      onClick={() => switchLanguage(next)}
      aria-label={`${label} — ${t('language.switchTo')}`}
      data-testid="language-switch"
    >
      {label}
    </button>
  );
}

export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={controlClasses}
      aria-label={t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')}
      data-testid="theme-switch"
      onClick={() => applyTheme(next)}
    >
      {theme === 'dark' ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
    </button>
  );
}
