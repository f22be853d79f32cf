import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DeferredModals } from './deferred-modals.tsx';

/** Above every page and inside the router, so that modals may use links and navigation too. */
export function RootLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <Outlet />
      <DeferredModals labels={{ confirm: t('modal.confirm'), cancel: t('modal.cancel') }} />
    </>
  );
}
