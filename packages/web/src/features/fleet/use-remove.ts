import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureText } from './failure';

/** Delete with the page's notice; a refusal (the record is in use) shows the server's sentence. */
export function useRemove(remove: (id: number) => Promise<unknown>, reload: () => void) {
  const { t } = useTranslation('fleet');
  const { message } = App.useApp();
  return async (id: number) => {
    try {
      await remove(id);
      void message.success(t('fleet.deleted'));
      reload();
    } catch (error) {
      void message.error(failureText(error), 5);
    }
  };
}
