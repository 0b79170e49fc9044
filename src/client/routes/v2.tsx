import { LanguageSwitch, ThemeSwitch } from '@client/app/layout/preferences';
import { Logo } from '@client/app/layout/logo';
import { LandingPage } from '@client/features/marketing/landing/landing-page';

/** /v2 is standalone (no shared header and footer); the shell's logo and switches are passed in. */
export default function V2Route() {
  return <LandingPage logo={<Logo />} languageSwitch={<LanguageSwitch />} themeSwitch={<ThemeSwitch />} />;
}
