import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin bar under the header while the next page's code loads. */
export function NavigationProgress() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      aria-label={t('header.navigating')}
      pos="absolute"
      bottom={0}
      left={0}
      right={0}
    />
  );
}
