import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Binary, saveBinary } from '../alarms/evidence/api';

/** The list pages' export button: downloads what the filter selects, named by the server's content-disposition. */
export function useExport(fallbackName: string) {
  const { t } = useTranslation('fleet');
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  async function run(fetchFile: () => Promise<Binary>) {
    setExporting(true);
    try {
      saveBinary(await fetchFile(), fallbackName);
      void message.success(t('fleet.exported'));
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }
  return { exporting, run };
}
