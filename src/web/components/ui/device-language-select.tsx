import { currentLanguage } from '../../i18n/i18n';
import { useLanguagesText } from '../../i18n/namespaces/languages';
import { rememberLanguageOnThisDevice, showLanguage } from '../../lib/language';
import { LanguageSelect } from './language-select';

/** The language for a visitor who is signed out: kept on this device only (the lang cookie). */
export function DeviceLanguageSelect({ compact, className }: { compact?: boolean; className?: string }) {
  // Re-rendered when the language changes, so the select shows the one the page is in.
  const { t } = useLanguagesText();
  return (
    <LanguageSelect
      label={t('menu.label')}
      compact={compact}
      className={className}
      value={currentLanguage()}
      onChange={(language) => {
        rememberLanguageOnThisDevice(language);
        void showLanguage(language);
      }}
    />
  );
}
