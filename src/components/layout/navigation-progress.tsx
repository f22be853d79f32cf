import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import classes from './app-layout.module.css';

/**
 * A thin bar under the header while the next page's code loads: an element and a rule of app-layout.module.css,
 * not Mantine's Progress, which is not worth its bytes in every first load (issue 38).
 */
export function NavigationProgress() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('header.navigating')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={100}
      className={classes.progress}
    />
  );
}
