import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, languageNames, languages, setLanguage } from '#i18n/index.ts';

/**
 * The app's language, chosen on the sign-in page or in settings: applied at once and kept on this device. Each
 * name is written in its own language (and marked so for screen readers).
 */
export function LanguageSwitch({ labelledBy, size }: { labelledBy?: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('common');
  // useTranslation re-renders this on every language change, so the current language is read afresh.
  const value = currentLanguage();
  return (
    <SegmentedControl
      size={size}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : t('language')}
      value={value}
      onChange={(v) => void setLanguage(v as Language)}
      data={languages.map((lng) => ({ value: lng, label: <span lang={lng}>{languageNames[lng]}</span> }))}
    />
  );
}
