import { CloudServerOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBinary } from '../../alarms/evidence/api';
import { gtfsApi } from './api';

// The "GTFS" menu of Basic → Line: Export GTFS (the export bit) and Import GTFS (the import bit). The import dialog
// is its own chunk, fetched when first opened.

const GtfsImportDialog = lazy(async () => ({ default: (await import('./GtfsImportDialog')).GtfsImportDialog }));

export function GtfsMenu({
  canExport,
  canImport,
  onImported,
}: {
  canExport: boolean;
  canImport: boolean;
  onImported: () => void;
}) {
  const { t } = useTranslation('basic-lines');
  const { message } = App.useApp();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  if (!canExport && !canImport) return null;

  async function exportFeed() {
    setExporting(true);
    try {
      saveBinary(await gtfsApi.export(), 'gtfs.zip');
      void message.success(t('basicLines.gtfs.exported'));
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  const items: MenuProps['items'] = [
    ...(canExport ? [{ key: 'export', label: t('basicLines.gtfs.export'), 'data-testid': 'gtfs-menu-export' }] : []),
    ...(canImport ? [{ key: 'import', label: t('basicLines.gtfs.import'), 'data-testid': 'gtfs-menu-import' }] : []),
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => (key === 'export' ? void exportFeed() : setImporting(true)) }}
      >
        <Button icon={<CloudServerOutlined />} loading={exporting} data-testid="gtfs-menu">
          {t('basicLines.gtfs.menu')}
        </Button>
      </Dropdown>
      {importing && (
        <Suspense fallback={null}>
          <GtfsImportDialog onClose={() => setImporting(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
